/** Endpoint 18: report readiness. */
import { Type } from 'typebox';
import type { App, AppDeps } from '../../app.ts';
import { clientOf, requireAuth } from '../../http/auth.ts';
import { problemResponses, STANDARD_ERRORS } from '../../http/wire.ts';
import { getReportReadiness } from './reports.service.ts';

const ReportReadiness = Type.Object({
  name: Type.String(),
  status: Type.Union([Type.Literal('no_data'), Type.Literal('not_ready'), Type.Literal('ready')]),
  account_types: Type.Array(Type.String()),
});

export async function reportRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get('/public/v3/customers/:customer_id/report_readiness_statuses/:report_name', {
    preHandler: requireAuth(deps, 'bearer'),
    schema: {
      summary: '18. Get report status', tags: ['Reports'], security: [{ Bearer: [] }],
      params: Type.Object({ customer_id: Type.String(), report_name: Type.String({ description: 'insights, affordability, events or forecast' }) }),
      response: { 200: ReportReadiness, ...problemResponses(...STANDARD_ERRORS) },
    },
  }, async (request) => getReportReadiness(deps.db, clientOf(request).clientId, request.params.customer_id, request.params.report_name));
}
