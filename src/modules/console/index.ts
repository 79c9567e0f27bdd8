/** The console module's public face: console users, sessions and staff invitations. Pages: src/web/console. */
export {
  acceptStaffInvitation,
  audit,
  deleteExpiredConsoleSessions,
  findSession,
  findStaffInvitation,
  inviteStaff,
  listStaff,
  sameToken,
  signIn,
  signOut,
} from './console.service.ts';
export type {
  ConsoleDeps,
  ConsoleRole,
  ConsoleSession,
  OpenInvitation,
  SignInOutcome,
  StaffInvitation,
  StaffMember,
} from './console.service.ts';
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './console.password.ts';
