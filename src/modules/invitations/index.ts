/** The invitations module's public face. Routes and the e-mail job are wired by src/app/routes.ts and src/jobs/handlers.ts. */
export {
  createInvitation,
  findInvitationForLink,
  invitationStatus,
  markInvitationUsed,
} from './invitations.service.ts';
export { createMailer } from './mailer.ts';
export { composeLinkEmail, formatLongDate } from './link-email.ts';
export type { ComposedEmail } from './link-email.ts';
export type { Mailer, OutgoingEmail } from './mailer.ts';
export type { InvitationDeps } from './invitations.service.ts';
export { deleteInvitationMailOfCustomer, invitationJobKeysOfCustomer } from './invitations.erasure.ts';
