/**
 * GET /docs: the API reference, Redoc 3 prerendered on the server (docs/decisions/0037-docs-redoc-prerendered.md).
 *
 * The page is built from the document /openapi.json serves by `redocly build-docs` (@redocly/cli, which bundles
 * Redoc), run once in a child process the first time someone asks for it, then kept in memory and in
 * DATA_DIR/cache/docs (keyed by the document and the CLI's version, so a restart does not build it again). The
 * built page carries the whole reference as HTML, so a reader sees the operations at the first paint; Redoc's
 * script then hydrates it (search, expanding, the samples). What the CLI writes is changed in three ways:
 *   - its one inline module script (Redoc and the document) is served as /docs/redoc-<hash>.js, cacheable for a
 *     year, so the page is a third of the size and the script is cached on a second visit;
 *   - the prerendered links are made hash links (`#/customers`), the routing Redoc's script uses once loaded, so a
 *     link followed before the script has run stays on the page;
 *   - the attribution logo Redoc loads from its CDN is served by the service (/docs/redocly-logo.svg).
 * Nothing is fetched from elsewhere: telemetry is off (REDOCLY_TELEMETRY=off, which the CLI writes into the page's
 * options, checked below), no fonts, and the page's Content Security Policy allows this origin only, with the
 * one inline script (Redoc's colour-mode switch) by its hash.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from './lib/app-error.ts';
import type { Logger } from 'pino';

/** Bumped when the changes below change, so pages built by an earlier version are not served from the cache. */
const BUILD_FORMAT = 1;
const BUILD_TIMEOUT_MS = 120_000;
/** After a failed build, requests answer 503 for this long before the build is tried again. */
const RETRY_AFTER_FAILURE_MS = 60_000;
const TITLE = 'Open Banking Insights API';
const LOGO_PATH = '/docs/redocly-logo.svg';
/** The attribution Redoc shows in its sidebar ("API docs by"), drawn here rather than fetched from its CDN. */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16" role="img" aria-label="Redocly">' +
  '<text x="0" y="12" font-family="system-ui,sans-serif" font-size="12" font-weight="600" fill="#0044d4">Redocly</text></svg>';

const CSP_BASE = [
  "default-src 'none'",
  "base-uri 'none'",
  "object-src 'none'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  // Redoc's prerendered markup carries style attributes, and styled-components adds rules as the reader goes.
  "style-src 'self' 'unsafe-inline'",
  "worker-src 'self' blob:",
  "form-action 'none'",
  "frame-ancestors 'none'",
];

export interface DocsPage {
  html: string;
  /** The page's Content Security Policy. */
  csp: string;
  /** Where the page loads its script from, and the script. */
  scriptPath: string;
  script: string;
}

export interface DocsUiOptions {
  /** Where built pages are kept between runs (DATA_DIR/cache/docs). */
  cacheDir: string;
  logger: Logger;
  /** The redocly CLI to run (its bin/cli.js); the installed @redocly/cli's by default. Pages are cached by that package's version. */
  cliPath?: string;
}

export class DocsUnavailableError extends AppError {
  constructor() {
    super('docs_unavailable', 'The API reference could not be built here; the OpenAPI document is at /openapi.json.', {
      headers: { 'retry-after': String(RETRY_AFTER_FAILURE_MS / 1000) },
    });
    this.name = 'DocsUnavailableError';
  }
}

/** The page's CSP: its inline scripts by hash, everything else from 'self'. */
export function docsPageCsp(html: string): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
  return [...CSP_BASE, `script-src 'self' ${hashes.join(' ')}`.trimEnd(), "script-src-attr 'none'"].join('; ');
}

/**
 * What the CLI wrote, made into the page and its script (see the file's comment). Throws when the output is not
 * what this expects (another CLI version's layout, telemetry left on): a page that would break its CSP or call
 * out is not served.
 */
export function splitBuiltPage(built: string): DocsPage {
  const modules = [...built.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)];
  if (modules.length !== 1 || modules[0]?.index === undefined)
    throw new Error(`expected one inline module script in the built page, found ${modules.length}`);
  const [whole, body] = modules[0] as RegExpExecArray & { 1: string };
  const start = modules[0].index;
  if (!/const __redoc_options = \{[^\n]*"disableTelemetry":true/.test(body))
    throw new Error('the built page does not turn Redoc telemetry off');
  const script = body.replaceAll(/https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g, LOGO_PATH);
  const scriptPath = `/docs/redoc-${createHash('sha256').update(script).digest('base64url').slice(0, 16)}.js`;
  // Root-relative links of the prerendered markup (the only ones it has: outside links are absolute) become the hash
  // routes the script uses: `href="/customers"` → `href="#/customers"`.
  const markup = built.slice(0, start).replaceAll(/href="\//g, 'href="#/');
  const html = `${markup}<script type="module" src="${scriptPath}"></script>${built.slice(start + whole.length)}`;
  if (/<(?:link|img|script|iframe)\b[^>]*\s(?:src|href)="(?:https?:)?\/\//i.test(html))
    throw new Error('the built page loads something from elsewhere');
  return { html, csp: docsPageCsp(html), scriptPath, script };
}

function redoclyCli(): { cliPath: string; version: string } {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('@redocly/cli/package.json');
  const { version } = require(manifest) as { version: string };
  return { cliPath: path.join(path.dirname(manifest), 'bin', 'cli.js'), version };
}

/** Runs `redocly build-docs` on the document in a scratch directory (so no redocly.yaml is picked up) and reads what it wrote. */
async function runBuild(documentText: string, cliPath: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'obi-docs-'));
  try {
    await fs.writeFile(path.join(dir, 'openapi.json'), documentText);
    const args = [cliPath, 'build-docs', 'openapi.json', '--inlineBundle', '--title', TITLE, '-o', 'index.html'];
    await new Promise<void>((resolve, reject) => {
      // Its own small environment: nothing of the service's (secrets included) reaches the CLI, and it neither
      // reports usage nor looks for updates.
      const child = spawn(process.execPath, args, {
        cwd: dir,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: dir,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_COLOR: '1',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: BUILD_TIMEOUT_MS,
      });
      let stderr = '';
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        if (stderr.length < 4000) stderr += chunk;
      });
      child.on('error', reject);
      child.on('close', (code, signal) =>
        code === 0 ? resolve() : reject(new Error(`redocly build-docs ended with ${signal ?? code}: ${stderr.trim()}`)),
      );
    });
    return await fs.readFile(path.join(dir, 'index.html'), 'utf8');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The built page for a document, from memory, the cache directory or a new build (one at a time). The cache is
 * written to a temporary name and renamed, so a half-written page is never read.
 */
export function docsPageSource(options: DocsUiOptions, documentText: () => string) {
  let pending: Promise<DocsPage> | undefined;
  let failedAt = 0;

  async function build(): Promise<DocsPage> {
    const cli = redoclyCli();
    const text = documentText();
    const key = createHash('sha256').update(`${BUILD_FORMAT}\n${cli.version}\n${text}`).digest('hex').slice(0, 32);
    const file = path.join(options.cacheDir, `${key}.html`);
    const cached = await fs.readFile(file, 'utf8').catch(() => undefined);
    if (cached !== undefined) return splitBuiltPage(cached);
    const started = performance.now();
    const built = await runBuild(text, options.cliPath ?? cli.cliPath);
    const page = splitBuiltPage(built);
    options.logger.info(
      { ms: Math.round(performance.now() - started), redocly: cli.version },
      'docs: built the API reference',
    );
    try {
      await fs.mkdir(options.cacheDir, { recursive: true, mode: 0o700 });
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, built, { mode: 0o600 });
      await fs.rename(temporary, file);
    } catch (err) {
      options.logger.warn(
        { err, dir: options.cacheDir },
        'docs: could not keep the built reference; it is built again next run',
      );
    }
    return page;
  }

  return async function page(): Promise<DocsPage> {
    if (!pending) {
      if (Date.now() - failedAt < RETRY_AFTER_FAILURE_MS) throw new DocsUnavailableError();
      pending = build();
      pending.catch((err: unknown) => {
        options.logger.error({ err }, 'docs: the API reference could not be built');
        failedAt = Date.now();
        pending = undefined;
      });
    }
    try {
      return await pending;
    } catch {
      throw new DocsUnavailableError();
    }
  };
}

export async function registerDocsUi(app: FastifyInstance, options: DocsUiOptions): Promise<void> {
  const page = docsPageSource(options, () => JSON.stringify(app.swagger()));
  await app.register(async (docs) => {
    const sendPage = async (_request: unknown, reply: import('fastify').FastifyReply) => {
      const built = await page();
      return reply
        .header('content-security-policy', built.csp)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(built.html);
    };
    // and /docs/ (the router ignores a trailing slash: src/app.ts)
    docs.get('/docs', { schema: { hide: true }, logLevel: 'warn' }, sendPage);
    docs.get('/docs/redoc-:hash', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      const built = await page();
      if (`/docs/redoc-${(request.params as { hash: string }).hash}` !== built.scriptPath) return reply.callNotFound();
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type('text/javascript; charset=utf-8')
        .send(built.script);
    });
    docs.get(LOGO_PATH, { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(LOGO_SVG),
    );
  });
}
