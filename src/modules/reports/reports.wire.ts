/**
 * Wire shapes of endpoints 15–17 (spec: Insights, Affordability record, Event record) and the forecast. The
 * members are the engine's, declared once in src/analytics/report-schema.ts; this file adds only the envelope:
 * the stamp saying which computation the figures come from, the `data` lists and the events' `created_at`.
 */
import { Type, type Static } from 'typebox';
import {
  AffordabilityRecordSchema,
  BalanceForecastSchema,
  EventRecordSchema,
  InsightsSchema,
} from '../../analytics/report-schema.ts';

const Stamp = {
  as_of: Type.Integer({ description: 'Unix seconds the report was computed as of' }),
  engine_version: Type.String({
    description: 'version of the analytics engine that computed the figures; a new version may move them',
  }),
};

export const Insights = Type.Object({ ...InsightsSchema.properties, ...Stamp });

export const AffordabilityList = Type.Object({
  data: Type.Array(AffordabilityRecordSchema, { description: 'one record per month' }),
  ...Stamp,
});

export const EventList = Type.Object({
  data: Type.Array(
    Type.Object({
      ...EventRecordSchema.properties,
      created_at: Type.Integer({ description: 'Unix seconds the service first noticed the event' }),
    }),
    { description: 'the events, each once' },
  ),
});

export const Forecast = Type.Object({ ...BalanceForecastSchema.properties, ...Stamp });

export type InsightsBody = Static<typeof Insights>;
export type AffordabilityBody = Static<typeof AffordabilityList>;
export type EventsBody = Static<typeof EventList>;
export type ForecastBody = Static<typeof Forecast>;

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

/** Endpoint 18's answer (also the admin API's, src/modules/console/console-admin.routes.ts). */
export const ReportReadiness = Type.Object({
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
