/**
 * The overview's charts as ECharts options: pure functions of the overview, plain JSON (no functions), so the
 * same option is drawn in the browser (src/web/assets/console-charts.js) and rendered to SVG on the server for the
 * PDF (overview.pdf.ts). Colours are the Okabe-Ito palette (distinguishable with the common colour-vision
 * deficiencies), with decal patterns and ECharts' aria description on, and every chart has a table beside it
 * with the same figures (src/web/console/customer-sections.ts).
 */
import type { CustomerOverview, OverviewReport } from './overview.types.ts';
import { currencySymbol, formatDay, formatMoney, formatMonth } from './overview.format.ts';

/** Okabe & Ito, "Color Universal Design" (2008). */
export const OKABE_ITO = {
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
  black: '#000000',
} as const;

export interface OverviewChart {
  /** a stable id: the element ids chart-<id> and the data-chart attribute use it */
  id: 'income-expenditure' | 'spending-by-category' | 'balance' | 'affordability' | 'risk-markers';
  title: string;
  /** a sentence for screen readers (the element's aria-label) */
  description: string;
  option: Record<string, unknown>;
}

/** Categories shown in the spending chart (the table lists them all). */
const SPENDING_CHART_CATEGORIES = 10;

const aria = { enabled: true, decal: { show: true } };

/**
 * A money axis's labels: options are plain JSON, so the axis names its currency symbol (`obiMoney`) and each
 * renderer (src/web/assets/console-charts.js, overview.task.ts) sets the formatter that writes "−£500" (a true
 * minus before the symbol, thousands separated), not ECharts' "£-500".
 */
const moneyAxisLabel = (symbol: string) => ({ obiMoney: symbol, hideOverlap: false });
const grid = { left: 8, right: 40, top: 92, bottom: 8, containLabel: true };
const legend = { top: 54 };

function title(text: string, subtext?: string) {
  return { text, subtext, left: 'center', textStyle: { fontSize: 14 }, subtextStyle: { fontSize: 11 } };
}

function incomeExpenditureChart(report: OverviewReport): OverviewChart {
  const symbol = currencySymbol(report.currency);
  const first = report.months[0];
  const last = report.months.at(-1);
  const span = first && last ? `${formatMonth(first.year, first.month)} to ${formatMonth(last.year, last.month)}` : '';
  return {
    id: 'income-expenditure',
    title: 'Monthly income against expenditure',
    description: `Bar chart of monthly income and expenditure in ${symbol}, ${span || 'no months'}.`,
    option: {
      aria,
      animation: false,
      color: [OKABE_ITO.bluishGreen, OKABE_ITO.vermillion],
      title: title('Monthly income against expenditure', span),
      legend,
      tooltip: { trigger: 'axis' },
      grid,
      // every month labelled, slanted so twelve fit a phone's width
      xAxis: {
        type: 'category',
        data: report.months.map((m) => formatMonth(m.year, m.month)),
        axisLabel: { interval: 0, rotate: 45 },
      },
      yAxis: { type: 'value', name: `Amount (${symbol})`, axisLabel: moneyAxisLabel(symbol) },
      series: [
        { name: 'Income', type: 'bar', data: report.months.map((m) => m.income) },
        { name: 'Expenditure', type: 'bar', data: report.months.map((m) => m.expenditure) },
      ],
    },
  };
}

function spendingByCategoryChart(report: OverviewReport): OverviewChart {
  const symbol = currencySymbol(report.currency);
  const top = report.spending_by_category.slice(0, SPENDING_CHART_CATEGORIES).reverse();
  return {
    id: 'spending-by-category',
    title: 'Spending by category',
    description: `Bar chart of the average monthly spending in ${symbol} of the ${top.length} largest categories.`,
    option: {
      aria,
      animation: false,
      color: [OKABE_ITO.blue, OKABE_ITO.orange],
      title: title('Spending by category', `average a month, ${symbol}`),
      legend,
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid,
      xAxis: { type: 'value', axisLabel: moneyAxisLabel(symbol) },
      yAxis: {
        type: 'category',
        data: top.map((c) => c.name),
        axisLabel: { interval: 0, width: 140, overflow: 'truncate' },
      },
      series: [
        {
          name: 'Fixed',
          type: 'bar',
          stack: 'spend',
          data: top.map((c) => (c.fixed_flexible === 'fixed' ? c.monthly_average : 0)),
        },
        {
          name: 'Flexible',
          type: 'bar',
          stack: 'spend',
          data: top.map((c) => (c.fixed_flexible === 'flexible' ? c.monthly_average : 0)),
        },
      ],
    },
  };
}

function balanceChart(report: OverviewReport): OverviewChart {
  const { balance } = report;
  const symbol = currencySymbol(balance.currency);
  const dates = [...balance.history.map((d) => formatDay(d.date)), ...balance.forecast.map((d) => formatDay(d.date))];
  const lastHistory = balance.history.at(-1);
  const historyData = [...balance.history.map((d) => d.balance), ...balance.forecast.map(() => null)];
  // The forecast starts from the last known day, so the two lines meet.
  const forecastData = [
    ...balance.history.map((d) => (d === lastHistory ? d.balance : null)),
    ...balance.forecast.map((d) => d.balance),
  ];
  const overdrawn = balance.first_negative_date;
  return {
    id: 'balance',
    title: 'Balance history and 90-day forecast',
    description:
      `Line chart of the total balance in ${symbol} by day with the 90-day forecast as a dashed line; ` +
      (overdrawn ? `first overdrawn on ${formatDay(overdrawn)}.` : 'never overdrawn in the period shown.'),
    option: {
      aria,
      animation: false,
      color: [OKABE_ITO.blue, OKABE_ITO.orange],
      title: title(
        'Balance history and 90-day forecast',
        overdrawn ? `first overdrawn: ${formatDay(overdrawn)}` : undefined,
      ),
      legend,
      tooltip: { trigger: 'axis' },
      grid,
      // the first and last days always labelled, the rest as they fit; the grid's right margin keeps the last whole
      xAxis: {
        type: 'category',
        data: dates,
        axisLabel: { showMinLabel: true, showMaxLabel: true, hideOverlap: true },
      },
      // Not from zero: a balance far above it would be a flat line; the zero line is drawn when it is in reach.
      yAxis: { type: 'value', scale: true, name: `Balance (${symbol})`, axisLabel: moneyAxisLabel(symbol) },
      series: [
        {
          name: 'Balance',
          type: 'line',
          showSymbol: false,
          data: historyData,
          ...(balance.lowest_balance <= 0 || Math.min(...balance.history.map((d) => d.balance)) <= 0
            ? {
                markLine: {
                  symbol: 'none',
                  silent: true,
                  lineStyle: { color: OKABE_ITO.black, type: 'solid', width: 1 },
                  label: { show: false },
                  data: [{ yAxis: 0 }],
                },
              }
            : {}),
        },
        {
          name: 'Forecast',
          type: 'line',
          showSymbol: false,
          lineStyle: { type: 'dashed' },
          data: forecastData,
          ...(overdrawn
            ? {
                markLine: {
                  symbol: 'none',
                  silent: true,
                  lineStyle: { color: OKABE_ITO.vermillion, type: 'dotted', width: 2 },
                  label: {
                    formatter: `First overdrawn ${formatDay(overdrawn)}`,
                    position: 'insideEndTop',
                    fontSize: 11,
                  },
                  data: [{ xAxis: formatDay(overdrawn) }],
                },
              }
            : {}),
        },
      ],
    },
  };
}

/**
 * Affordability by month (endpoint 16): what was left after spending each month, a bar per month, below zero in
 * vermillion. Every month labelled as "Mar 2026"; each bar's own label is the amount formatted here ("−£500.00"),
 * so the chart prints exactly the API's figure.
 */
function affordabilityChart(report: OverviewReport): OverviewChart | null {
  const a = report.affordability;
  if (!a || a.months.length === 0) return null;
  const symbol = currencySymbol(a.currency);
  const short = a.months.filter((m) => m.amount < 0).length;
  return {
    id: 'affordability',
    title: 'Affordability by month',
    description:
      `Bar chart of the amount left after spending in ${symbol} for each of ${a.months.length} months; ` +
      (short === 0 ? 'none below zero.' : `${short} below zero.`),
    option: {
      aria,
      animation: false,
      color: [OKABE_ITO.bluishGreen],
      title: title('Affordability by month', `left after spending, ${symbol}`),
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { ...grid, top: 60 },
      xAxis: {
        type: 'category',
        data: a.months.map((m) => formatMonth(m.year, m.month)),
        axisLabel: { interval: 0, rotate: 45 },
      },
      yAxis: { type: 'value', name: `Left (${symbol})`, axisLabel: moneyAxisLabel(symbol) },
      series: [
        {
          name: 'Left after spending',
          type: 'bar',
          data: a.months.map((m) => ({
            value: m.amount,
            itemStyle: { color: m.amount < 0 ? OKABE_ITO.vermillion : OKABE_ITO.bluishGreen },
          })),
        },
      ],
    },
  };
}

/**
 * The risk markers with money figures (overview.markers.ts, `figures`): their total over the last 12 months, a bar
 * each, raised ones in vermillion, each labelled with the amount and count as the API gives them. The markers
 * without money figures (indicators, a share of days) are in the list beside it.
 */
function riskMarkersChart(report: OverviewReport): OverviewChart | null {
  const withFigures = report.risk_markers.filter(
    (m): m is typeof m & { figures: NonNullable<typeof m.figures> } => m.figures !== null,
  );
  if (withFigures.length === 0) return null;
  const symbol = currencySymbol(report.currency);
  const shown = [...withFigures].reverse(); // a category axis draws upwards: the first marker on top
  const raised = withFigures.filter((m) => m.raised).length;
  return {
    id: 'risk-markers',
    title: 'Risk markers: amounts in the last 12 months',
    description:
      `Bar chart of the total in ${symbol} of ${withFigures.length} risk markers over the last 12 months; ` +
      `${raised} present.`,
    option: {
      aria,
      animation: false,
      color: [OKABE_ITO.skyBlue],
      title: title('Risk markers: amounts in the last 12 months', `present in vermillion, ${symbol}`),
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { ...grid, top: 60, right: 110 },
      xAxis: { type: 'value', axisLabel: moneyAxisLabel(symbol) },
      yAxis: {
        type: 'category',
        data: shown.map((m) => m.label),
        axisLabel: { interval: 0, width: 140, overflow: 'truncate' },
      },
      series: [
        {
          name: 'Total in the last 12 months',
          type: 'bar',
          data: shown.map((m) => ({
            value: m.figures.amount,
            itemStyle: { color: m.raised ? OKABE_ITO.vermillion : OKABE_ITO.skyBlue },
            // a plain string, no placeholders: the figure exactly as the page prints it
            label: {
              show: true,
              position: 'right',
              formatter: `${formatMoney(m.figures.amount, report.currency)} (${m.figures.count})`,
            },
          })),
        },
      ],
    },
  };
}

/** The overview's charts; none while the report is not ready. */
export function buildOverviewCharts(overview: CustomerOverview): OverviewChart[] {
  const report = overview.report;
  if (!report) return [];
  return [
    incomeExpenditureChart(report),
    spendingByCategoryChart(report),
    balanceChart(report),
    affordabilityChart(report),
    riskMarkersChart(report),
  ].filter((c): c is OverviewChart => c !== null);
}
