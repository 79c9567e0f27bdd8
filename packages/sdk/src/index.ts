/**
 * @open-banking-insights/sdk: a typed client for the open-banking-insights API (packages/sdk/README.md).
 * The operation types come from the service's OpenAPI document (src/schema.ts, generated: npm run sdk:generate);
 * the rest is written by hand.
 */
export { createClient, type ApiClient, type ObiClient } from './client.ts';
export { TokenSource, type Credentials } from './tokens.ts';
export { ApiError, ok, type ErrorCode, type Problem } from './errors.ts';
export { items, pages } from './paging.ts';
export { sync, type SyncPage } from './sync.ts';
export { newIdempotencyKey } from './idempotency.ts';
export { verifyWebhook, WebhookSignatureError, type WebhookPayload } from './webhooks.ts';
export { waitForReport, type ReportName } from './reports.ts';
export type { components, operations, paths } from './schema.ts';
