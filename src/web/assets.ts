/**
 * The pages' static files, read once at start-up and served under names carrying a hash of their content, so
 * browsers may keep them for a year and still get a new version the moment it changes. embed.js, which client
 * sites include, keeps a stable name and a short cache; so does /favicon.ico, which browsers ask for by that name.
 * The banks' logos are assets too (bank-logos.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { bankLogoAssets } from './bank-logos.ts';

export interface Asset {
  body: string | Buffer;
  type: string;
  cacheControl: string;
}

export function contentHash(body: string | Buffer): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 12);
}

function load(file: string): { body: string; hash: string } {
  const body = readFileSync(new URL(`./assets/${file}`, import.meta.url), 'utf8');
  return { body, hash: contentHash(body) };
}

const css = load('connect.css');
const js = load('connect.js');
const embed = load('embed.js');
const iconSvg = load('favicon.svg');
const iconIco = readFileSync(new URL('./assets/favicon.ico', import.meta.url));

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export const ASSET_PATHS = {
  css: `/connect/assets/connect.${css.hash}.css`,
  js: `/connect/assets/connect.${js.hash}.js`,
  embed: '/connect/embed.js',
  icon: `/connect/assets/icon.${iconSvg.hash}.svg`,
  favicon: '/favicon.ico',
} as const;

const bankLogos = bankLogoAssets(contentHash, IMMUTABLE);

/** A bank's logo on the pages: its own file when the service ships one, else its initials on its colour. */
export function bankLogoPath(slug: string): string {
  return bankLogos.paths.get(slug) ?? bankLogos.unknown;
}

export const ASSETS: Record<string, Asset> & Record<(typeof ASSET_PATHS)[keyof typeof ASSET_PATHS], Asset> = {
  ...bankLogos.assets,
  [ASSET_PATHS.css]: { body: css.body, type: 'text/css; charset=utf-8', cacheControl: IMMUTABLE },
  [ASSET_PATHS.js]: { body: js.body, type: 'text/javascript; charset=utf-8', cacheControl: IMMUTABLE },
  [ASSET_PATHS.embed]: {
    body: embed.body,
    type: 'text/javascript; charset=utf-8',
    cacheControl: 'public, max-age=300',
  },
  [ASSET_PATHS.icon]: { body: iconSvg.body, type: 'image/svg+xml', cacheControl: IMMUTABLE },
  // Asked for by name (browsers, bookmarks): cached for a week, not for ever.
  [ASSET_PATHS.favicon]: { body: iconIco, type: 'image/x-icon', cacheControl: 'public, max-age=604800' },
};
