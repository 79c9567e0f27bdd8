/** The connect module's public face: hosted connect sessions and component URLs. Routes are wired by src/app/routes.ts. */
export {
  claimFlowReturn,
  completeSession,
  contextOfFlow,
  contextOfLink,
  findFlowByState,
  flowOfSession,
  latestFlow,
  loadSession,
  loadSessionOfFlow,
  markConnectFlowAuthorised,
  openComponent,
  openInvitation,
  recordFlow,
  renewSessionSecret,
  deleteExpiredConnectRows,
} from './connect.service.ts';
export type { ConnectDeps, ConnectSession, Refusal, RefusalContext } from './connect.service.ts';
