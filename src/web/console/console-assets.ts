/**
 * The console's static files, served by the service itself (the CSP allows nothing else, no CDN) under names
 * carrying a hash of their content, cached for a year: its style sheet and script (src/web/assets/console.css,
 * console.js), the charts' script (src/web/assets/console-charts.js) and ECharts, bundled from the installed
 * package (node_modules/echarts/dist/echarts.min.js).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { contentHash, IMMUTABLE, type Asset } from '../assets.ts';

const JS = 'text/javascript; charset=utf-8';

function load(file: URL | string): string {
  return readFileSync(file, 'utf8');
}

function ownFile(name: string): URL {
  return new URL(`../assets/${name}`, import.meta.url);
}

/** The charts' script; an empty one while it is missing, so the pages still read as tables. */
function chartsScript(): string {
  const file = ownFile('console-charts.js');
  return existsSync(file) ? load(file) : '/* console-charts.js is not installed: the figures are in the tables */\n';
}

const sources = {
  css: { body: load(ownFile('console.css')), type: 'text/css; charset=utf-8', name: 'console', ext: 'css' },
  js: { body: load(ownFile('console.js')), type: JS, name: 'console', ext: 'js' },
  charts: { body: chartsScript(), type: JS, name: 'console-charts', ext: 'js' },
  echarts: {
    body: load(createRequire(import.meta.url).resolve('echarts/dist/echarts.min')),
    type: JS,
    name: 'echarts',
    ext: 'min.js',
  },
};

type Name = keyof typeof sources;

export const CONSOLE_ASSET_PATHS = Object.fromEntries(
  Object.entries(sources).map(([k, s]) => [k, `/console/assets/${s.name}.${contentHash(s.body)}.${s.ext}`]),
) as Record<Name, string>;

export const CONSOLE_ASSETS: Record<string, Asset> = Object.fromEntries(
  (Object.keys(sources) as Name[]).map((k) => [
    CONSOLE_ASSET_PATHS[k],
    { body: sources[k].body, type: sources[k].type, cacheControl: IMMUTABLE },
  ]),
);
