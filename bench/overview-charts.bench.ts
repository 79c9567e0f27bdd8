/**
 * node bench/overview-charts.bench.ts — the affordability PDF's three charts rendered to SVG with ECharts' server-side
 * renderer (src/modules/overview/overview.task.ts), on this thread, for a report the size of a 2-year history:
 * 24 months, 18 spending categories, 730 days of balance history and the 90-day forecast. The figures decided
 * that the rendering runs on the worker pool (docs/decisions/0035-affordability-pdf.md): the first call includes
 * importing ECharts. Settings: BENCH_RUNS (20).
 */
import { buildOverviewCharts } from '../src/modules/overview/overview.charts.ts';
import { renderChartSvgs } from '../src/modules/overview/overview.task.ts';
import type { CustomerOverview, OverviewReport } from '../src/modules/overview/index.ts';

const runs = Number(process.env.BENCH_RUNS ?? 20);
const day = (i: number) => new Date(Date.UTC(2024, 5, 1) + i * 86_400_000).toISOString().slice(0, 10);
const report: OverviewReport = {
  as_of: 1_780_304_400,
  engine_version: 'bench',
  currency: 'GBP',
  data_window: { first_booking_date: day(0), last_booking_date: day(729) },
  accounts_covered: ['a'],
  months: Array.from({ length: 24 }, (_, i) => ({
    year: 2024 + Math.floor((i + 5) / 12),
    month: ((i + 5) % 12) + 1,
    income: 2500 + i,
    expenditure: 2200 + i * 3,
  })),
  income_streams: [],
  spending_by_category: Array.from({ length: 18 }, (_, i) => ({
    name: `Category ${i}`,
    fixed_flexible: i % 2 ? ('fixed' as const) : ('flexible' as const),
    monthly_average: 83 - i * 3,
    lowest_month: 40 - i,
    highest_month: 120 - i * 4,
  })),
  balance: {
    currency: 'GBP',
    current_balance: 900,
    history: Array.from({ length: 730 }, (_, i) => ({ date: day(i), balance: 1000 + Math.sin(i / 15) * 800 })),
    forecast: Array.from({ length: 90 }, (_, i) => ({ date: day(730 + i), balance: 900 - i * 12 })),
    first_negative_date: day(806),
    lowest_balance: -168,
    lowest_balance_date: day(819),
  },
  recurring: [],
  risk_markers: [],
  affordability: null,
  events: [],
};
const overview: CustomerOverview = {
  customer: { id: 'c', user_reference: 'bench', created_at: 0 },
  accounts: [],
  readiness: 'ready',
  report,
  generated_at: 0,
};
const charts = buildOverviewCharts(overview).map((c) => ({ id: c.id, option: c.option }));
const input = { charts, width: 700, height: 300 };

const t0 = performance.now();
await renderChartSvgs(input);
const t1 = performance.now();
for (let i = 0; i < runs; i++) await renderChartSvgs(input);
const t2 = performance.now();
console.log(
  JSON.stringify({
    first_call_ms: Math.round(t1 - t0),
    per_document_ms: Math.round(((t2 - t1) / runs) * 10) / 10,
    runs,
  }),
);
