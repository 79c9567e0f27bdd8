/** Endpoints 15–18 and the forecast: the computed reports and their readiness. */
import { Type } from 'typebox';
import type { HttpApp } from '../../http/server.ts';
import type { Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { clientOf, requireAuth } from '../../http/auth.ts';
import { problemResponses, STANDARD_ERRORS } from '../../http/wire.ts';
import {
  getPersonalAffordability,
  getPersonalEvents,
  getPersonalForecast,
  getPersonalInsights,
  getReportReadiness,
} from './reports.service.ts';
import { AffordabilityList, EventList, Forecast, Insights, ReportReadiness } from './reports.wire.ts';
import { CustomerIdParams } from '../customers/index.ts';

export interface ReportRoutesDeps {
  db: Database;
  clock: Clock;
}

export async function reportRoutes(app: HttpApp, deps: ReportRoutesDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  app.get(
    '/public/v3/customers/:customer_id/report_readiness_statuses/:report_name',
    {
      onRequest: bearer,
      schema: {
        summary: '18. Get report status',
        tags: ['Reports'],
        security: [{ Bearer: [] }],
        params: Type.Object({
          customer_id: Type.String(),
          report_name: Type.String({ description: 'insights, affordability, events or forecast' }),
        }),
        response: { 200: ReportReadiness, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) =>
      getReportReadiness(deps.db, clientOf(request).clientId, request.params.customer_id, request.params.report_name),
  );

  const report = (
    summary: string,
    response: typeof Insights | typeof AffordabilityList | typeof EventList | typeof Forecast,
  ) => ({
    onRequest: bearer,
    schema: {
      summary,
      tags: ['Reports'],
      security: [{ Bearer: [] }],
      params: CustomerIdParams,
      response: { 200: response, ...problemResponses(...STANDARD_ERRORS, 409) },
    },
  });
  app.get(
    '/public/v3/customers/:customer_id/insights/current_personal',
    report('15. Get insights for personal accounts', Insights),
    async (request) => getPersonalInsights(deps.db, clientOf(request).clientId, request.params.customer_id),
  );
  app.get(
    '/public/v3/customers/:customer_id/affordability/personal',
    report('16. Get personal affordability', AffordabilityList),
    async (request) => getPersonalAffordability(deps.db, clientOf(request).clientId, request.params.customer_id),
  );
  app.get(
    '/public/v3/customers/:customer_id/events/personal',
    report('17. Get personal events', EventList),
    async (request) => getPersonalEvents(deps.db, clientOf(request).clientId, request.params.customer_id),
  );
  app.get(
    '/public/v3/customers/:customer_id/forecast/personal',
    report('Daily balance history and 90-day forecast', Forecast),
    async (request) => getPersonalForecast(deps.db, clientOf(request).clientId, request.params.customer_id),
  );
}
