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
import { AffordabilityList, EventList, Forecast, Insights } from './reports.wire.ts';
import { CustomerIdParams } from '../customers/index.ts';

/** docs/decisions/0057-readiness-processing.md: what is under way, beside the spec's three statuses. */
const Processing = Type.Union(
  [
    Type.Object(
      {
        stage: Type.Union(
          [Type.Literal('storing_submission'), Type.Literal('storing_bank_data'), Type.Literal('computing_report')],
          {
            description:
              'storing_submission: transactions submitted through the API are being stored; storing_bank_data: a pull ' +
              "from the customer's bank is being read and stored; computing_report: the reports are being computed " +
              'from new data (queued or running)',
          },
        ),
        rows_received: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
          description:
            'how many transactions the work received, where known (a submission: its items; a bank pull: once every ' +
            'page is read); null otherwise',
        }),
        since: Type.Integer({ description: 'Unix seconds the work started (or the reports became not_ready)' }),
      },
      { description: 'work under way' },
    ),
    Type.Null(),
  ],
  {
    description:
      "Work under way on the customer's data, null when there is none. Data being stored is not yet counted in " +
      'status (a first submission being stored leaves status no_data until it is stored, then not_ready); ' +
      'not_ready always comes with computing_report or data being stored.',
  },
);

const ReportReadiness = Type.Object({
  name: Type.String({ description: 'the report: insights, affordability, events or forecast' }),
  status: Type.Union([Type.Literal('no_data'), Type.Literal('not_ready'), Type.Literal('ready')], {
    description:
      'no_data: no account data yet; not_ready: data arrived and the report is being computed; ready: computed ' +
      'from the data stored',
  }),
  account_types: Type.Array(Type.String(), {
    description: "the account types (Personal, Business) of the customer's accounts that hold data",
  }),
  processing: Processing,
});

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
