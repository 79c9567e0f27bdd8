/** Endpoints 15–18 and the forecast: the computed reports and their readiness. */
import { Type } from 'typebox';
import type { HttpApp } from '../../http/server.ts';
import type { Database } from '../../db/db.ts';
import type { LaggingReads } from '../../db/read-replica.ts';
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
  /**
   * where the report bodies go, the replica when it has caught up with the customer (src/db/read-replica.ts); the
   * readiness status (endpoint 18) stays on the primary: it is what a client polls before reading a report
   */
  reads: Pick<LaggingReads, 'forCustomer'>;
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
        description:
          'Says whether a report (insights, affordability, events or forecast) is ready for the customer, or still being computed after new data. Poll this, or wait for the REPORT_AVAILABLE / REPORT_UPDATED webhook, before reading the report.',
        tags: ['Reports'],
        security: [{ Bearer: [] }],
        params: Type.Object({
          customer_id: Type.String({ description: "the customer's id" }),
          report_name: Type.String({ description: 'insights, affordability, events or forecast' }),
        }),
        response: { 200: ReportReadiness, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) =>
      getReportReadiness(deps.db, clientOf(request).clientId, request.params.customer_id, request.params.report_name),
  );

  const onReplica = (request: { params: { customer_id: string } }) =>
    deps.reads.forCustomer(request.params.customer_id);
  const report = (
    summary: string,
    description: string,
    response: typeof Insights | typeof AffordabilityList | typeof EventList | typeof Forecast,
  ) => ({
    onRequest: bearer,
    schema: {
      summary,
      description,
      tags: ['Reports'],
      security: [{ Bearer: [] }],
      params: CustomerIdParams,
      response: { 200: response, ...problemResponses(...STANDARD_ERRORS, 409) },
    },
  });
  app.get(
    '/public/v3/customers/:customer_id/insights/current_personal',
    report(
      '15. Get insights for personal accounts',
      "The customer's insights over their personal accounts: income and expenditure by month and category, recurring payments, category trends, and the financial markers a lender looks at (gambling, returned payments, overdraft use, loans, pension and benefits), each with the transactions behind it. 409 while the report is not ready (endpoint 18).",
      Insights,
    ),
    async (request) =>
      getPersonalInsights(await onReplica(request), clientOf(request).clientId, request.params.customer_id),
  );
  app.get(
    '/public/v3/customers/:customer_id/affordability/personal',
    report(
      '16. Get personal affordability',
      "Affordability records for the customer's personal accounts: income, fixed and flexible expenditure and what is left, over the last months, per currency. 409 while the report is not ready.",
      AffordabilityList,
    ),
    async (request) =>
      getPersonalAffordability(await onReplica(request), clientOf(request).clientId, request.params.customer_id),
  );
  app.get(
    '/public/v3/customers/:customer_id/events/personal',
    report(
      '17. Get personal events',
      "Events noticed in the customer's data (for example a salary that stopped, a new loan, gambling above a threshold), each with when it was first seen and whether it is an alert. A NEW_EVENT webhook announces each. 409 while the report is not ready.",
      EventList,
    ),
    async (request) =>
      getPersonalEvents(await onReplica(request), clientOf(request).clientId, request.params.customer_id),
  );
  app.get(
    '/public/v3/customers/:customer_id/forecast/personal',
    report(
      'Daily balance history and 90-day forecast',
      "The customer's end-of-day balance per day, reconstructed from balances and transactions, and a forecast of the next 90 days from the recurring income and payments and everyday spending, with the lowest expected balance and the first day it may go below zero. 409 while the report is not ready.",
      Forecast,
    ),
    async (request) =>
      getPersonalForecast(await onReplica(request), clientOf(request).clientId, request.params.customer_id),
  );
}
