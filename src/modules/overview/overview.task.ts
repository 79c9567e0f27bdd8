/**
 * The PDF's charts as SVG, rendered with ECharts' server-side renderer on a worker thread (src/workers/pool.ts):
 * the first import of ECharts and a daily balance line of ~800 points take tens of milliseconds, which the event
 * loop should not spend (docs/decisions/0035-affordability-pdf.md has the figures). Pure: options in, SVG text
 * out; ECharts is imported on first use, so a thread that never renders a chart never loads it.
 */
export interface ChartSvgInput {
  charts: Array<{ id: string; option: Record<string, unknown> }>;
  width: number;
  height: number;
}

export interface ChartSvg {
  id: string;
  svg: string;
}

/** Writes money as the pages do: "−£1,500" (overview.charts.ts, moneyAxisLabel). */
export function withMoneyAxes(option: Record<string, unknown>): Record<string, unknown> {
  const fix = (axis: unknown): unknown => {
    if (Array.isArray(axis)) return axis.map(fix);
    if (!axis || typeof axis !== 'object') return axis;
    const label = (axis as { axisLabel?: { obiMoney?: string } }).axisLabel;
    if (!label?.obiMoney) return axis;
    const symbol = label.obiMoney;
    const formatter = (v: number) =>
      `${v < 0 ? '\u2212' : ''}${symbol}${Math.abs(v).toLocaleString('en-GB', { maximumFractionDigits: 2 })}`;
    const { obiMoney: _omit, ...rest } = label;
    return { ...axis, axisLabel: { ...rest, formatter } };
  };
  return { ...option, xAxis: fix(option.xAxis), yAxis: fix(option.yAxis) };
}

let echartsModule: Promise<typeof import('echarts')> | null = null;

export async function renderChartSvgs(input: ChartSvgInput): Promise<ChartSvg[]> {
  echartsModule ??= import('echarts');
  const echarts = await echartsModule;
  return input.charts.map(({ id, option }) => {
    const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: input.width, height: input.height });
    try {
      chart.setOption({ ...withMoneyAxes(option), animation: false, backgroundColor: '#ffffff' });
      return { id, svg: chart.renderToSVGString() };
    } finally {
      chart.dispose();
    }
  });
}
