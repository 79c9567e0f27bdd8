/** The invitation e-mail (laid out by link-email.ts). Pure: the caller passes the names, the link and the expiry. */
import { composeLinkEmail, formatLongDate, type ComposedEmail } from './link-email.ts';

export interface InvitationEmailInput {
  /** the client's name as its customers know it */
  company: string;
  firstName: string | null;
  lastName: string | null;
  /** the customer's business, for Business invitations */
  businessName: string | null;
  customerType: 'Individual' | 'Business';
  url: string;
  expiresAt: Date;
}

export function composeInvitationEmail(i: InvitationEmailInput): ComposedEmail {
  const name = [i.firstName, i.lastName].filter(Boolean).join(' ');
  const whose =
    i.customerType === 'Business' && i.businessName
      ? `the bank account data of ${i.businessName}`
      : 'your bank account data';
  return composeLinkEmail({
    subject: `${i.company} asks you to connect your bank account`,
    greeting: name ? `Hello ${name},` : 'Hello,',
    before: [
      `${i.company} has asked you to share ${whose} with them securely, through Open Banking.`,
      'Open the link below to choose your bank and see exactly what would be shared, why, and for how long.',
    ],
    action: 'Connect your bank',
    url: i.url,
    after: [
      'You log in at your own bank, never on our pages: nobody else sees your bank password. You can withdraw your consent at any time.',
      `The link works until ${formatLongDate(i.expiresAt)}.`,
      'If you were not expecting this e-mail, you can ignore it: nothing is shared unless you approve it at your bank.',
    ],
    signOff: i.company,
  });
}
