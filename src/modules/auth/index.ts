/** The auth module's public face: token issue and verification. Routes are wired by src/app/routes.ts. */
export {
  authenticateAccessToken,
  authenticateCustomerToken,
  issueCustomerToken,
  pruneExpiredTokens,
} from './auth.service.ts';
export type { ClientAuth, CustomerAuth, IssuedToken } from './auth.service.ts';
