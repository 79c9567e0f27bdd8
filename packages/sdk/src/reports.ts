/** Waiting for a customer's report: new data makes it not_ready until the service has computed it again. */
import type { ObiClient } from './client.ts';
import { ApiError, ok } from './errors.ts';

export type ReportName = 'insights' | 'affordability' | 'events' | 'forecast';

/**
 * Polls the report's readiness (endpoint 18) until it is ready; throws when it failed or did not get ready within
 * `timeoutMs` (default 5 minutes), or when the customer has no data.
 */
export async function waitForReport(
  obi: ObiClient,
  customerId: string,
  name: ReportName = 'insights',
  { timeoutMs = 300_000, intervalMs = 500 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const readiness = ok(
      await obi.api.GET('/public/v3/customers/{customer_id}/report_readiness_statuses/{report_name}', {
        params: { path: { customer_id: customerId, report_name: name } },
      }),
    );
    if (readiness.status === 'ready') return;
    if (readiness.status !== 'not_ready' || Date.now() > deadline)
      throw new Error(`report ${name} of ${customerId} is ${readiness.status}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export { ApiError };
