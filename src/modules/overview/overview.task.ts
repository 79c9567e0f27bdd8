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

let echartsModule: Promise<typeof import('echarts')> | null = null;

export async function renderChartSvgs(input: ChartSvgInput): Promise<ChartSvg[]> {
  echartsModule ??= import('echarts');
  const echarts = await echartsModule;
  return input.charts.map(({ id, option }) => {
    const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: input.width, height: input.height });
    try {
      chart.setOption({ ...option, animation: false, backgroundColor: '#ffffff' });
      return { id, svg: chart.renderToSVGString() };
    } finally {
      chart.dispose();
    }
  });
}
