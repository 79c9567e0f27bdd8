/**
 * Headless Chromium printing HTML to PDF (playwright-core): one browser per application, started on the first
 * PDF and closed when the application closes (closePdfPrinter, an onClose hook in src/routes.ts); a fresh browser
 * context per document, with JavaScript off and every network request aborted, so the printed page can neither
 * run code nor reach anything; at most PRINT_CONCURRENCY documents at once (up to PRINT_QUEUE_LIMIT others wait
 * their turn, more are refused); each print has a deadline. Chromium runs in its own processes: the event loop
 * only waits.
 */
import type { Browser } from 'playwright-core';
import { AppError } from '../../lib/app-error.ts';

/** No Chromium is configured, or it would not start: the PDF cannot be made (503 pdf_unavailable). */
export class PdfUnavailableError extends AppError {
  constructor(message = 'PDF reports are not available on this installation: no Chromium is configured.') {
    super('pdf_unavailable', message, { headers: { 'retry-after': '60' } });
    this.name = 'PdfUnavailableError';
  }
}

export const PRINT_CONCURRENCY = 2;
/** Documents that may wait for a turn; more at once are refused (503, try again) rather than queued without end. */
export const PRINT_QUEUE_LIMIT = 16;
/** Starting Chromium and printing one report on a busy machine fit well inside this. */
export const PRINT_TIMEOUT_MS = 60_000;

const LAUNCH_ARGS = [
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
];

export class PdfPrinter {
  private browser: Promise<Browser> | null = null;
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private closed = false;
  private readonly executablePath: string;
  private readonly concurrency: number;
  private readonly queueLimit: number;

  constructor(executablePath: string, limits: { concurrency?: number; queueLimit?: number } = {}) {
    this.executablePath = executablePath;
    this.concurrency = limits.concurrency ?? PRINT_CONCURRENCY;
    this.queueLimit = limits.queueLimit ?? PRINT_QUEUE_LIMIT;
  }

  private launch(): Promise<Browser> {
    if (!this.browser) {
      // playwright-core is loaded with the first PDF, not at start-up (it is a tenth of a cold start's work).
      const starting = import('playwright-core')
        .then(({ chromium }) =>
          chromium.launch({
            executablePath: this.executablePath,
            headless: true,
            args: LAUNCH_ARGS,
            timeout: PRINT_TIMEOUT_MS,
          }),
        )
        .then((browser) => {
          browser.on('disconnected', () => {
            if (this.browser === starting) this.browser = null;
          });
          return browser;
        })
        .catch((err: unknown) => {
          if (this.browser === starting) this.browser = null;
          throw new PdfUnavailableError(
            `PDF reports are not available right now: Chromium would not start (${err instanceof Error ? err.message.split('\n')[0] : 'unknown error'}).`,
          );
        });
      this.browser = starting;
    }
    return this.browser;
  }

  private async slot(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return;
    }
    if (this.waiting.length >= this.queueLimit)
      throw new PdfUnavailableError('Too many PDF reports are being printed; try again shortly.');
    // The releasing print hands its slot over: `active` stays the same.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }

  /** The PDF of a self-contained HTML document (A4, backgrounds printed, page numbers in the footer). */
  async print(document: string): Promise<Buffer> {
    if (this.closed) throw new PdfUnavailableError('PDF reports are not available: the service is shutting down.');
    await this.slot();
    try {
      const browser = await this.launch();
      const context = await browser.newContext({
        javaScriptEnabled: false,
        offline: true,
        serviceWorkers: 'block',
        acceptDownloads: false,
        locale: 'en-GB',
        timezoneId: 'Europe/London',
      });
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          reject(new PdfUnavailableError('Printing the PDF took too long; try again shortly.'));
          void context.close().catch(() => undefined);
        }, PRINT_TIMEOUT_MS);
      });
      try {
        return await Promise.race([this.printIn(context, document), deadline]);
      } finally {
        clearTimeout(timer);
        await context.close().catch(() => undefined);
      }
    } finally {
      this.release();
    }
  }

  private async printIn(context: Awaited<ReturnType<Browser['newContext']>>, document: string): Promise<Buffer> {
    const page = await context.newPage();
    page.setDefaultTimeout(PRINT_TIMEOUT_MS);
    await page.route('**', (route) => route.abort());
    await page.setContent(document, { waitUntil: 'load' });
    return page.pdf({
      format: 'A4',
      printBackground: true,
      preferCSSPageSize: true,
      // a tagged PDF with an outline: headings, tables and the logo's alt text reach assistive technology
      tagged: true,
      outline: true,
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate:
        '<div style="font-size:8px;width:100%;text-align:center;color:#555">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close().catch(() => undefined);
  }
}
