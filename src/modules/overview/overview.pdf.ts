/**
 * The affordability PDF of one customer (docs/decisions/0035-affordability-pdf.md): the overview
 * (overview.service.ts), its charts rendered to SVG on a worker thread (overview.task.ts), laid out as one HTML
 * document (overview.document.ts) and printed by headless Chromium (overview.printer.ts). Served by
 * GET /public/v3/customers/{customer_id}/reports/affordability.pdf (overview.routes.ts) and by the console.
 */
import type { Logger } from 'pino';
import { AppError } from '../../lib/app-error.ts';
import { workerTask } from '../../workers/pool.ts';
import { getPersonalAffordability } from '../reports/index.ts';
import { buildOverviewCharts } from './overview.charts.ts';
import { buildPdfDocument } from './overview.document.ts';
import { PdfPrinter, PdfUnavailableError } from './overview.printer.ts';
import { loadLender } from './overview.lender.ts';
import { loadCustomerOverview } from './overview.service.ts';
import type { ChartSvg, ChartSvgInput } from './overview.task.ts';
import type { OverviewDeps } from './overview.types.ts';

export { PdfUnavailableError };

const RENDER_CHART_SVGS = workerTask<ChartSvgInput, ChartSvg[]>(
  new URL('./overview.task.ts', import.meta.url),
  'renderChartSvgs',
);

/**
 * The charts the PDF draws (overview.document.ts places them); affordability by month and the risk markers are
 * tables there, with the same figures, which keeps the file small (≤ 300 KB for 24 months).
 */
const PDF_CHARTS = new Set(['income-expenditure', 'spending-by-category', 'balance']);

/** Chart size in CSS pixels: the A4 text width at 96 dpi. */
const CHART_WIDTH = 700;
const CHART_HEIGHT = 300;

/** One printer per application, keyed by its configuration object (tests run several applications in one process). */
const printers = new WeakMap<object, PdfPrinter>();

/** `logger`: the application's (AppDeps has one), told when Chromium runs without its sandbox and why. */
function printerOf(deps: Pick<OverviewDeps, 'config'> & { logger?: Pick<Logger, 'warn'> }): PdfPrinter {
  const path = deps.config.chromiumPath;
  if (!path) throw new PdfUnavailableError();
  let printer = printers.get(deps.config);
  if (!printer) {
    const onUnsandboxed = (reason: string) => deps.logger?.warn({ reason }, 'Chromium prints without its sandbox');
    printers.set(deps.config, (printer = new PdfPrinter(path, { onUnsandboxed })));
  }
  return printer;
}

/**
 * The PDF, or null when the client has no such customer. Like endpoint 16: 404 no_data before any data, 409
 * report_not_ready while the report is computed (docs/decisions/0010-report-readiness.md); 503 pdf_unavailable
 * without Chromium.
 */
export async function renderAffordabilityPdf(
  deps: OverviewDeps,
  clientId: string,
  customerId: string,
): Promise<Buffer | null> {
  const printer = printerOf(deps);
  try {
    await getPersonalAffordability(deps.db, clientId, customerId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'customer_not_found') return null;
    throw err;
  }
  const overview = await loadCustomerOverview(deps, clientId, customerId);
  if (!overview) return null;
  const report = overview.report;
  if (!report) {
    throw new AppError('report_not_ready', 'The report is being computed from new data; try again shortly.', {
      headers: { 'retry-after': '5' },
    });
  }
  const svgs = await deps.workerPool.run(RENDER_CHART_SVGS, {
    // Decal patterns become thousands of tiny paths in a PDF (three charts: ~0.8 MB); printed, the bars keep the
    // Okabe-Ito colours and the legend, and a table with the same figures follows each chart.
    charts: buildOverviewCharts(overview)
      .filter((c) => PDF_CHARTS.has(c.id))
      .map((c) => ({
        id: c.id,
        option: { ...c.option, aria: { enabled: true, decal: { show: false } } },
      })),
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
  });
  const lender = await loadLender(deps.db, clientId, deps.clock.now());
  const document = buildPdfDocument(overview, report, new Map(svgs.map((s) => [s.id, s.svg])), lender);
  // The client's own turn at the printer (print-queue.ts): another client's burst never holds this one back.
  return printer.print(document, clientId);
}

/** Closes the application's PDF browser, if it started one (an onClose hook in src/app/routes.ts). */
export async function closePdfPrinter(deps: Pick<OverviewDeps, 'config'>): Promise<void> {
  const printer = printers.get(deps.config);
  printers.delete(deps.config);
  await printer?.close();
}
