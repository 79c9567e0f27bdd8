/**
 * The pages' static files, read once at start-up and served under names carrying a hash of their content, so
 * browsers may keep them for a year and still get a new version the moment it changes. embed.js, which client
 * sites include, keeps a stable name and a short cache.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface Asset {
  body: string;
  type: string;
  cacheControl: string;
}

function load(file: string): { body: string; hash: string } {
  const body = readFileSync(new URL(`./assets/${file}`, import.meta.url), 'utf8');
  return { body, hash: createHash('sha256').update(body).digest('hex').slice(0, 12) };
}

const css = load('connect.css');
const js = load('connect.js');
const embed = load('embed.js');

const IMMUTABLE = 'public, max-age=31536000, immutable';

export const ASSET_PATHS = {
  css: `/connect/assets/connect.${css.hash}.css`,
  js: `/connect/assets/connect.${js.hash}.js`,
  embed: '/connect/embed.js',
} as const;

export const ASSETS: Record<string, Asset> & Record<(typeof ASSET_PATHS)[keyof typeof ASSET_PATHS], Asset> = {
  [ASSET_PATHS.css]: { body: css.body, type: 'text/css; charset=utf-8', cacheControl: IMMUTABLE },
  [ASSET_PATHS.js]: { body: js.body, type: 'text/javascript; charset=utf-8', cacheControl: IMMUTABLE },
  [ASSET_PATHS.embed]: {
    body: embed.body,
    type: 'text/javascript; charset=utf-8',
    cacheControl: 'public, max-age=300',
  },
};
