/**
 * The overview module's public face: one customer's overview for the lender console (src/web/console) and the
 * affordability PDF. Its API route is wired by src/app/routes.ts, which also closes the PDF browser with the app.
 */
export type {
  CustomerOverview,
  OverviewAccount,
  OverviewAffordability,
  OverviewBalance,
  OverviewBalanceSeries,
  OverviewCategorySpend,
  OverviewDeps,
  OverviewEvent,
  OverviewIncomeStream,
  OverviewMonth,
  OverviewRecurring,
  OverviewReport,
  OverviewRiskMarker,
  OverviewTransaction,
} from './overview.types.ts';
export { loadCustomerOverview } from './overview.service.ts';
export type { Lender } from './overview.lender.ts';
export { PdfUnavailableError, closePdfPrinter, renderAffordabilityPdf } from './overview.pdf.ts';
export { buildOverviewCharts } from './overview.charts.ts';
export { assessmentWaterfallDescription, assessmentWaterfallOption } from './overview.assessment.ts';
export type { AssessmentBody } from '../affordability/index.ts';
export type { OverviewChart } from './overview.charts.ts';
export { formatDay, formatInstant, formatMoney, formatMonth, formatPercent } from './overview.format.ts';
