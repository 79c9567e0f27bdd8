/**
 * Headless Chromium printing HTML to PDF (playwright-core): one browser per application, started on the first
 * PDF and closed when the application closes (closePdfPrinter, an onClose hook in src/app/routes.ts); a fresh browser
 * context per document, with JavaScript off and every network request aborted, so the printed page can neither
 * run code nor reach anything. Turns are shared fairly between clients (print-queue.ts,
 * docs/decisions/0045-a-fair-printer.md): at most PRINT_CONCURRENCY documents at once, PRINT_PER_CLIENT of one
 * client's, PRINT_QUEUE_PER_CLIENT of one client's waiting (PRINT_QUEUE_LIMIT in all), more refused. A document's
 * whole time, its wait included, is bounded by PRINT_TIMEOUT_MS: past it the answer is 503 with Retry-After.
 * Chromium runs in its own processes, sandboxed where the sandbox can run, and never as root: a root service starts
 * it as an unprivileged user (chromium-user.ts); the event loop only waits.
 */
import type { Browser } from 'playwright-core';
import { unprivilegedLauncher, type UnprivilegedLauncher } from './chromium-user.ts';
import { PdfUnavailableError } from './overview.printer-errors.ts';
import { PrintQueue, type PrintQueueLimits } from './print-queue.ts';

export { PdfUnavailableError };

const PRINT_CONCURRENCY = 2;
/** One client's documents printed at once: another client's always finds a turn free or next. */
const PRINT_PER_CLIENT = 1;
/** One client's documents that may wait for a turn; more at once are refused (503, try again). */
const PRINT_QUEUE_PER_CLIENT = 4;
/** Documents that may wait for a turn, all clients together. */
const PRINT_QUEUE_LIMIT = 16;
/** A document's deadline, its wait for a turn included (docs/security.md, "Limits"). */
const PRINT_TIMEOUT_MS = 60_000;

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

export interface PrinterOptions extends Partial<PrintQueueLimits> {
  /** told once, at the first launch, when Chromium runs without its sandbox, and why */
  onUnsandboxed?: (reason: string) => void;
}

export class PdfPrinter {
  private browser: Promise<Browser> | null = null;
  private closed = false;
  private readonly executablePath: string;
  private readonly queue: PrintQueue;
  private readonly deadlineMs: number;
  private readonly onUnsandboxed: (reason: string) => void;
  /** Why Chromium runs without its sandbox, once it has been launched so; null while sandboxed or not launched. */
  unsandboxedReason: string | null = null;
  /** The user Chromium runs as when the service is root (chromium-user.ts); null: the service's own user. */
  runsAs: string | null = null;
  /** The wrapper chromium-user.ts wrote at the first launch as root; removed when the printer closes. */
  private launcher: Promise<UnprivilegedLauncher> | null = null;

  constructor(executablePath: string, options: PrinterOptions = {}) {
    this.executablePath = executablePath;
    this.deadlineMs = options.waitMs ?? PRINT_TIMEOUT_MS;
    this.onUnsandboxed = options.onUnsandboxed ?? (() => undefined);
    this.queue = new PrintQueue({
      concurrency: options.concurrency ?? PRINT_CONCURRENCY,
      perOwner: options.perOwner ?? PRINT_PER_CLIENT,
      queuePerOwner: options.queuePerOwner ?? PRINT_QUEUE_PER_CLIENT,
      queueTotal: options.queueTotal ?? PRINT_QUEUE_LIMIT,
      waitMs: this.deadlineMs,
    });
  }

  private async launchChromium(): Promise<Browser> {
    // playwright-core is loaded with the first PDF, not at start-up (it is a tenth of a cold start's work).
    const { chromium } = await import('playwright-core');
    const launch = (executablePath: string, sandbox: boolean) =>
      chromium.launch({
        executablePath,
        headless: true,
        args: LAUNCH_ARGS,
        chromiumSandbox: sandbox,
        timeout: PRINT_TIMEOUT_MS,
      });
    let executablePath = this.executablePath;
    if (process.getuid?.() === 0) {
      // Chromium will not start its sandbox as root: start it as an unprivileged user instead (chromium-user.ts).
      // One wrapper for the printer's life: a relaunch after Chromium died reuses it.
      this.launcher ??= unprivilegedLauncher(this.executablePath);
      const launcher = await this.launcher;
      if (launcher.executablePath === null) {
        this.unsandboxedReason = launcher.reason;
        this.onUnsandboxed(launcher.reason);
        return launch(this.executablePath, false);
      }
      executablePath = launcher.executablePath;
      this.runsAs = launcher.user;
    }
    try {
      return await launch(executablePath, true);
    } catch (err) {
      // No user namespaces and no setuid sandbox helper (some containers): printed without it, said why.
      this.unsandboxedReason = `Chromium's sandbox would not start (${err instanceof Error ? err.message.split('\n')[0] : 'unknown error'})${this.runsAs ? `; Chromium runs as '${this.runsAs}' without it` : ''}`;
    }
    this.onUnsandboxed(this.unsandboxedReason);
    return launch(executablePath, false);
  }

  private launch(): Promise<Browser> {
    if (!this.browser) {
      const starting = this.launchChromium()
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

  /**
   * The PDF of a self-contained HTML document (A4, backgrounds printed, page numbers in the footer), printed in
   * `owner`'s turn (the client's id): its wait and its printing together within the deadline.
   */
  async print(document: string, owner = '-'): Promise<Buffer> {
    if (this.closed) throw new PdfUnavailableError('PDF reports are not available: the service is shutting down.');
    const began = Date.now();
    const release = await this.queue.acquire(owner);
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
        timer = setTimeout(
          () => {
            reject(new PdfUnavailableError('Printing the PDF took too long; try again shortly.', 10));
            void context.close().catch(() => undefined);
          },
          Math.max(1, this.deadlineMs - (Date.now() - began)),
        );
      });
      try {
        return await Promise.race([this.printIn(context, document), deadline]);
      } finally {
        clearTimeout(timer);
        await context.close().catch(() => undefined);
      }
    } finally {
      release();
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
    const launcher = await this.launcher?.catch(() => null);
    this.launcher = null;
    if (launcher?.executablePath) await launcher.remove().catch(() => undefined);
  }
}
