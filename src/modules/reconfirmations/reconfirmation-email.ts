/** The reconfirmation e-mail, laid out as the invitation's (src/modules/invitations/link-email.ts). Pure. */
import { composeLinkEmail, formatLongDate, type ComposedEmail } from '../invitations/index.ts';

export interface ReconfirmationEmailInput {
  company: string;
  bankName: string;
  url: string;
  /** when the link stops working */
  expiresAt: Date;
  /** when access ends unless the customer reconfirms */
  dueAt: Date | null;
}

export function composeReconfirmationEmail(i: ReconfirmationEmailInput): ComposedEmail {
  return composeLinkEmail({
    subject: `${i.company}: please confirm you still want to share your ${i.bankName} data`,
    greeting: 'Hello,',
    before: [
      `You are sharing data from your ${i.bankName} account with ${i.company} through Open Banking.`,
      i.dueAt
        ? `To keep sharing after ${formatLongDate(i.dueAt)}, please confirm with ${i.company} that you still want to. If you do nothing, sharing stops then.`
        : `Please confirm with ${i.company} that you still want to share it.`,
      'The link below shows what is shared. One click keeps sharing for another 90 days; another stops it at once. You do not need to log in to your bank.',
    ],
    action: 'Review and confirm',
    url: i.url,
    after: [`The link works until ${formatLongDate(i.expiresAt)}.`],
    signOff: i.company,
  });
}
