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
