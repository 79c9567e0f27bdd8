/**
 * GET /docs: the API reference, Redoc 2 prerendered whole on the server (docs/decisions/0037-docs-redoc-prerendered.md).
 *
 * The page is rendered from the document /openapi.json serves by src/docs-ui/docs-render.ts, run once in a child process the
 * first time someone asks for it, then kept in memory and in DATA_DIR/cache/docs (keyed by the document and Redoc's
 * version, so a restart does not render it again). The rendered page carries the whole reference as HTML, every
 * operation with its parameters, responses and samples, so a reader sees and scrolls it at the first paint, and the
 * section links (`#tag/Customers/operation/getCustomer`) work before any script has run. Redoc's browser bundle then
 * hydrates it (the sidebar, search, expanding responses), served by the service as /docs/redoc-<hash>.js, cacheable
 * for a year, with the call that starts it appended; the store's state travels in the page as a JSON data block.
 * Nothing is fetched from elsewhere: the attribution logo Redoc loads from its CDN is served by the service
 * (/docs/redocly-logo.svg), no fonts, and the page's Content Security Policy allows this origin only and no inline
 * script.
 *
 * The page and the script are compressed once per process, not per request (docs/decisions/0066-reference-quality.md):
 * each encoding (brotli, gzip) the first time a reader asks for it, on libuv's threads (zlib's asynchronous calls),
 * then kept with the page. They are served with an ETag (one per content and encoding) that answers a revalidation
 * with 304, and `Vary: Accept-Encoding`; the page is `no-cache` (revalidated each time: it changes with the
 * document), the script, whose address names its hash, is immutable for a year.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import encodingNegotiator from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { Logger } from 'pino';
import type { RenderedReference } from './docs-render.ts';

/** Bumped when the page's format changes, so what an earlier version cached is not served. */
const BUILD_FORMAT = 2;
const BUILD_TIMEOUT_MS = 120_000;
/** After a failed build, requests answer 503 for this long before the build is tried again. */
const RETRY_AFTER_FAILURE_MS = 60_000;
const TITLE = 'Open Banking Insights API';
const LOGO_PATH = '/docs/redocly-logo.svg';
/** The attribution Redoc shows in its sidebar ("API docs by"), drawn here rather than fetched from its CDN. */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16" role="img" aria-label="Redocly">' +
  '<text x="0" y="12" font-family="system-ui,sans-serif" font-size="12" font-weight="600" fill="#0044d4">Redocly</text></svg>';
const RENDERER = fileURLToPath(new URL('./docs-render.ts', import.meta.url));
/**
 * Appended to Redoc's bundle: hydrates the prerendered markup with the state the page carries, once the browser has
 * drawn a frame of it (hydrating a whole reference is seconds of work on a slow machine; the reader reads meanwhile).
 */
const START =
  "\n;requestAnimationFrame(function () { setTimeout(function () { Redoc.hydrate(JSON.parse(document.getElementById('redoc-state').textContent), document.getElementById('redoc')); }, 0); });\n";

/** The page's Content Security Policy: everything from this origin, no inline script. */
const DOCS_CSP = [
  "default-src 'none'",
  "base-uri 'none'",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  // The prerendered markup carries style attributes, and styled-components adds rules as the reader goes.
  "style-src 'self' 'unsafe-inline'",
  // Redoc's search index runs in a worker it makes from a blob.
  "worker-src 'self' blob:",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface DocsPage {
  html: string;
  /** Where the page loads its script from, and the script. */
  scriptPath: string;
  script: string;
  /** The page and the script as served: their ETags and compressed forms, each made once. */
  encoded: { html: EncodedAsset; script: EncodedAsset };
}

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** A text asset's bytes in each encoding, each compressed once on first use, off the event loop. */
export interface EncodedAsset {
  /** The strong ETag of the asset in this encoding (the content's hash, then the encoding). */
  etag(encoding: ContentEncoding): string;
  /** Whether an If-None-Match header names this asset, in any encoding (or `*`). */
  matches(ifNoneMatch: string | undefined): boolean;
  body(encoding: ContentEncoding): Promise<Buffer>;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli quality 9: for Redoc's 1.1 MB bundle about 0.7 s of one thread for 297 KB, where quality 11 takes about
 * 12 s for 273 KB and quality 5 0.3 s for 303 KB (measured on the 2-core CI machine while it was busy).
 */
const BROTLI_QUALITY = 9;

export function encodedAsset(text: string): EncodedAsset {
  const raw = Buffer.from(text, 'utf8');
  const hash = createHash('sha256').update(raw).digest('base64url').slice(0, 27);
  const forms = new Map<ContentEncoding, Promise<Buffer>>([['identity', Promise.resolve(raw)]]);
  const etag = (encoding: ContentEncoding) => `"${hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  return {
    etag,
    matches(ifNoneMatch) {
      if (!ifNoneMatch) return false;
      return ifNoneMatch
        .split(',')
        .map((tag) => tag.trim().replace(/^W\//, ''))
        .some((tag) => tag === '*' || tag === etag('identity') || tag === etag('br') || tag === etag('gzip'));
    },
    body(encoding) {
      let form = forms.get(encoding);
      if (!form) {
        form =
          encoding === 'br'
            ? brotli(raw, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              })
            : gzip(raw, { level: 9 });
        // A failure is not kept: the next request tries again.
        form.catch(() => forms.delete(encoding));
        forms.set(encoding, form);
      }
      return form;
    },
  };
}

/** The encoding to answer with: brotli, else gzip, as Accept-Encoding allows; identity otherwise. */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  return (encodingNegotiator.negotiate(acceptEncoding, ['br', 'gzip']) as 'br' | 'gzip' | null) ?? 'identity';
}

/** Sends an encoded asset: 304 when the reader holds it already, else the form its Accept-Encoding prefers. */
async function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  asset: EncodedAsset,
  headers: Record<string, string>,
): Promise<FastifyReply> {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  reply.headers({ ...headers, vary: 'accept-encoding', etag: asset.etag(encoding) });
  if (asset.matches(request.headers['if-none-match'])) return reply.code(304).send();
  const body = await asset.body(encoding);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
}

export interface DocsUiOptions {
  /** Where rendered pages are kept between runs (DATA_DIR/cache/docs). */
  cacheDir: string;
  logger: Logger;
  /** The renderer to run; src/docs-ui/docs-render.ts by default. */
  rendererPath?: string;
}

class DocsUnavailableError extends AppError {
  constructor() {
    super('docs_unavailable', 'The API reference could not be built here; the OpenAPI document is at /openapi.json.', {
      headers: { 'retry-after': String(RETRY_AFTER_FAILURE_MS / 1000) },
    });
    this.name = 'DocsUnavailableError';
  }
}

/** Redoc's browser bundle and its version, read once. */
const redocBundle = (() => {
  let bundle: { version: string; script: string } | undefined;
  return () => {
    if (!bundle) {
      const require = createRequire(import.meta.url);
      const manifest = require.resolve('redoc/package.json');
      const { version } = require(manifest) as { version: string };
      const standalone = readFileSync(path.join(path.dirname(manifest), 'bundles', 'redoc.standalone.js'), 'utf8');
      bundle = {
        version,
        script: standalone.replaceAll('https://cdn.redoc.ly/redoc/logo-mini.svg', LOGO_PATH) + START,
      };
    }
    return bundle;
  };
})();

/** JSON for a `<script type="application/json">` block: nothing in it can end the element. */
const dataBlock = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/**
 * The page for what the renderer wrote. Throws when it would load anything from elsewhere (a document whose
 * description embeds an outside image, say): such a page would break its CSP, and is not served.
 */
export function composePage(rendered: RenderedReference, script: string): DocsPage {
  const scriptPath = `/docs/redoc-${createHash('sha256').update(script).digest('base64url').slice(0, 16)}.js`;
  const html =
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    // Code samples wrap rather than scroll sideways: a scrolling region is one more stop for keyboard readers.
    `<title>${TITLE}</title><style>body{margin:0;padding:0}#redoc [role=tabpanel] pre{white-space:pre-wrap!important;overflow-wrap:anywhere;max-height:none!important;overflow:visible!important}</style>${rendered.styles}</head>` +
    `<body><div id="redoc">${rendered.markup}</div>` +
    `<script type="application/json" id="redoc-state">${dataBlock(rendered.state)}</script>` +
    `<script defer src="${scriptPath}"></script></body></html>\n`;
  if (
    /<(?:link|img|script|iframe|source|video|audio)\b[^>]*\s(?:src|href|srcset)="(?:https?:)?\/\//i.test(html) ||
    /url\((?:["']?)(?:https?:)?\/\//i.test(html)
  )
    throw new Error('the rendered page loads something from elsewhere');
  return { html, scriptPath, script, encoded: { html: encodedAsset(html), script: encodedAsset(script) } };
}

/** Runs the renderer on the document in a child process and reads what it wrote. */
async function runRenderer(documentText: string, rendererPath: string): Promise<RenderedReference> {
  return await new Promise<RenderedReference>((resolve, reject) => {
    // Its own small environment: nothing of the service's (secrets included) reaches the renderer.
    const child = spawn(process.execPath, [rendererPath], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: BUILD_TIMEOUT_MS,
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    child.on('error', reject);
    child.stdin.on('error', () => {}); // a renderer that failed to start: its exit says why
    child.stdin.end(documentText);
    child.on('close', (code, signal) => {
      if (code !== 0) return reject(new Error(`the docs renderer ended with ${signal ?? code}: ${stderr.trim()}`));
      try {
        resolve(JSON.parse(Buffer.concat(out).toString('utf8')) as RenderedReference);
      } catch (err) {
        reject(err as Error);
      }
    });
  });
}

/**
 * The page for a document, from memory, the cache directory or a new rendering (one at a time). The cache is
 * written to a temporary name and renamed, so a half-written one is never read.
 */
export function docsPageSource(options: DocsUiOptions, documentText: () => string) {
  let pending: Promise<DocsPage> | undefined;
  let failedAt = 0;

  async function build(): Promise<DocsPage> {
    const bundle = redocBundle();
    const text = documentText();
    const key = createHash('sha256').update(`${BUILD_FORMAT}\n${bundle.version}\n${text}`).digest('hex').slice(0, 32);
    const file = path.join(options.cacheDir, `${key}.json`);
    const cached = await fs
      .readFile(file, 'utf8')
      .then((json) => JSON.parse(json) as RenderedReference)
      .catch(() => undefined);
    if (cached !== undefined) return composePage(cached, bundle.script);
    const started = performance.now();
    const rendered = await runRenderer(text, options.rendererPath ?? RENDERER);
    const page = composePage(rendered, bundle.script);
    options.logger.info(
      { ms: Math.round(performance.now() - started), redoc: bundle.version },
      'docs: rendered the API reference',
    );
    try {
      await fs.mkdir(options.cacheDir, { recursive: true, mode: 0o700 });
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, JSON.stringify(rendered), { mode: 0o600 });
      await fs.rename(temporary, file);
    } catch (err) {
      options.logger.warn(
        { err, dir: options.cacheDir },
        'docs: could not keep the rendered reference; it is rendered again next run',
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
    // Compressed here, once (sendEncoded), so the global compression leaves these answers alone.
    const route = { schema: { hide: true }, logLevel: 'warn', compress: false } as const;
    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const built = await page();
      return sendEncoded(request, reply, built.encoded.html, {
        'content-security-policy': DOCS_CSP,
        'cache-control': 'no-cache',
        'content-type': 'text/html; charset=utf-8',
      });
    };
    // and /docs/ (the router ignores a trailing slash: src/app/app.ts)
    docs.get('/docs', route, sendPage);
    docs.get('/docs/redoc-:hash', route, async (request, reply) => {
      const built = await page();
      if (`/docs/redoc-${(request.params as { hash: string }).hash}` !== built.scriptPath) return reply.callNotFound();
      return sendEncoded(request, reply, built.encoded.script, {
        'cache-control': 'public, max-age=31536000, immutable',
        'content-type': 'text/javascript; charset=utf-8',
      });
    });
    docs.get(LOGO_PATH, { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(LOGO_SVG),
    );
  });
}
