/**
 * The child process that prerenders the API reference (src/docs-ui/docs-ui.ts runs it; docs/decisions/0037-docs-redoc-prerendered.md).
 *
 * Reads an OpenAPI document on stdin and writes, as one JSON object on stdout, what Redoc 2 renders for it on the
 * server: the markup of the whole reference (every group and operation, their parameters, responses and samples),
 * the CSS styled-components collected while rendering it, and the store's state that Redoc's browser bundle hydrates
 * the markup with. It renders with the React and styled-components versions that bundle carries (package.json pins
 * them), so the browser adopts the markup instead of drawing it again.
 *
 * Rendering a 50-operation document takes about a second of CPU, so it runs here rather than on the service's event
 * loop, and once per document (the page is cached).
 */
import { createRequire } from 'node:module';
import { text } from 'node:stream/consumers';

/** The few members of the libraries this uses; they are CommonJS and loaded by `require`. */
interface RedocStore {
  toJS(): Promise<unknown>;
}
interface Redoc {
  createStore(spec: object, specUrl: string | undefined, options: Record<string, unknown>): Promise<RedocStore>;
  Redoc: unknown;
}
interface React {
  createElement(type: unknown, props: Record<string, unknown>): unknown;
}
interface StyleSheet {
  collectStyles(element: unknown): unknown;
  getStyleTags(): string;
  seal(): void;
}

export interface RenderedReference {
  markup: string;
  /** `<style>` elements, as styled-components writes them. */
  styles: string;
  /** The store's state, for `Redoc.hydrate` in the browser. */
  state: unknown;
}

/** Where the page offers the document for download: the service's own /openapi.json, the document this is built from. */
const DOCUMENT_URL = '/openapi.json';

/**
 * Redoc's options. The reader downloads the document from the service; scrollbars are the browser's own (Redoc's
 * custom scrollbar is one more script on every scroll).
 */
const REDOC_OPTIONS = { nativeScrollbars: true } as const;

async function render(documentText: string): Promise<RenderedReference> {
  const require = createRequire(import.meta.url);
  const react = require('react') as React;
  const { renderToString } = require('react-dom/server') as { renderToString(element: unknown): string };
  const { ServerStyleSheet } = require('styled-components') as { ServerStyleSheet: new () => StyleSheet };
  const redoc = require('redoc') as Redoc;
  const store = await redoc.createStore(JSON.parse(documentText) as object, DOCUMENT_URL, { ...REDOC_OPTIONS });
  const sheet = new ServerStyleSheet();
  try {
    const markup = renderToString(sheet.collectStyles(react.createElement(redoc.Redoc, { store })));
    return { markup, styles: sheet.getStyleTags(), state: await store.toJS() };
  } finally {
    sheet.seal();
  }
}

if (import.meta.main) {
  const rendered = await render(await text(process.stdin));
  process.stdout.write(JSON.stringify(rendered));
}
