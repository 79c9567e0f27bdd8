/** The reports module's public face. Routes and the report job are wired by src/app/routes.ts and src/jobs/handlers.ts. */
export { getReportReadiness, markDataChanged } from './reports.service.ts';
/** Work under way on a customer's data, for readiness's `processing` (docs/decisions/0057-readiness-processing.md). */
export { trackDataWork, type DataWorkProgress, type Processing } from './data-work.ts';
/** Readiness and the served reports, read by the overview (src/modules/overview) as endpoints 15–18 answer them. */
export {
  getPersonalAffordability,
  getPersonalEvents,
  getPersonalForecast,
  getPersonalInsights,
} from './reports.service.ts';
export type { AffordabilityBody, EventsBody, ForecastBody, InsightsBody } from './reports.wire.ts';
export { ReportReadiness } from './reports.wire.ts';
