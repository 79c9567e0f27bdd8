/**
 * The banks' logos on the hosted pages, all served by this service (the pages load no image from anywhere else).
 * In order of preference:
 *
 * 1. a reviewed copy the service ships: src/web/assets/bank-logos/<slug>.svg or .png (the sandbox bank's);
 * 2. the bank's mark from the simple-icons package (docs/decisions/0056-bank-logos-from-simple-icons.md), drawn in
 *    white or near-black on the bank's directory colour, whichever reads at 4.5:1, as a tile like the fallback;
 * 3. the fallback: the bank's initials on its colour, the same way.
 *
 * Every image is checked at start-up like a client's logo (src/lib/image-data-url.ts). The bank directory's
 * `logo_url` records where the brand publishes its logo and is never fetched.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BANKS } from '../banks/registry.ts';
import { readableTextOn } from '../lib/colour-contrast.ts';
import { escapeHtml } from '../lib/escape-html.ts';
import { checkImage, isImage, type ImageType } from '../lib/image-data-url.ts';

const DIR = new URL('./assets/bank-logos/', import.meta.url);
const TYPES: Record<string, ImageType> = { svg: 'image/svg+xml', png: 'image/png' };
const UNKNOWN_COLOUR = '#4b5563';

/** Up to two capitals of the bank's name: "Bank of Scotland" → "BS", "first direct" → "fi". */
export function bankInitials(name: string): string {
  const words = name.replace(/[^A-Za-z ]/g, '').split(/\s+/);
  const capitals = words.filter((w) => w !== '' && w[0] === w[0]?.toUpperCase());
  return (
    capitals
      .slice(0, 2)
      .map((w) => w[0])
      .join('') || name.slice(0, 2)
  );
}

/** The fallback: initials on the colour, text in whichever of white or near-black reads on it at 4.5:1. */
export function bankTileSvg(name: string, colour: string): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
    `<rect width="64" height="64" rx="14" fill="${colour}"/>` +
    `<text x="32" y="41" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="${readableTextOn(colour)}" text-anchor="middle">${escapeHtml(bankInitials(name))}</text></svg>`
  );
}

/**
 * This service's bank slug → the simple-icons slug of that bank's own mark. Only where the icon is the bank's brand:
 * "coop" is the Co-operative Group's (not The Co-operative Bank's), "metro" a JavaScript bundler's, "tesco" and
 * "virgin" the groups' marks (not Tesco Bank's or Virgin Money's); those banks keep their tiles.
 */
export const SIMPLE_ICON_OF: Readonly<Record<string, string>> = {
  aib: 'aib',
  amex: 'americanexpress',
  barclays: 'barclays',
  'barclays-business': 'barclays',
  'chase-uk': 'chase',
  hsbc: 'hsbc',
  'hsbc-business': 'hsbc',
  monzo: 'monzo',
  revolut: 'revolut',
  starling: 'starlingbank',
  tide: 'tide',
};

const requireFromHere = createRequire(import.meta.url);

interface SimpleIconData {
  slug: string;
  license?: { type: string };
}

/** The icon's one path, from the package's SVG; refused when its licence is not the package's CC0. */
export function simpleIconPath(iconSlug: string, data: readonly SimpleIconData[]): string {
  const entry = data.find((i) => i.slug === iconSlug);
  if (!entry) throw new Error(`simple-icons has no icon "${iconSlug}" (src/web/bank-logos.ts, SIMPLE_ICON_OF)`);
  if (entry.license && entry.license.type !== 'CC0-1.0')
    throw new Error(`simple-icons "${iconSlug}" is under ${entry.license.type}, not CC0: review it before use`);
  const svg = readFileSync(requireFromHere.resolve(`simple-icons/icons/${iconSlug}.svg`), 'utf8');
  const d = /<path d="([^"]+)"\/>/.exec(svg)?.[1];
  if (!d || /[^0-9a-zA-Z.,\- ]/.test(d)) throw new Error(`simple-icons "${iconSlug}": not one plain path`);
  return d;
}

/** The mark (a 24 × 24 path) in white or near-black on the bank's colour, on the fallback's 64 × 64 tile. */
function bankMarkSvg(path: string, colour: string): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
    `<rect width="64" height="64" rx="14" fill="${colour}"/>` +
    `<path transform="translate(14 14) scale(1.5)" fill="${readableTextOn(colour)}" d="${path}"/></svg>`
  );
}

function simpleIconMarks(): Map<string, string> {
  const data = JSON.parse(readFileSync(requireFromHere.resolve('simple-icons/icons.json'), 'utf8')) as SimpleIconData[];
  const marks = new Map<string, string>();
  for (const [slug, icon] of Object.entries(SIMPLE_ICON_OF)) {
    const bank = BANKS.find((b) => b.slug === slug);
    if (!bank) throw new Error(`src/web/bank-logos.ts, SIMPLE_ICON_OF: no bank "${slug}"`);
    const svg = bankMarkSvg(simpleIconPath(icon, data), bank.colour);
    const checked = checkImage('image/svg+xml', Buffer.from(svg));
    if (!isImage(checked)) throw new Error(`simple-icons "${icon}" ${checked.refused}`);
    marks.set(slug, svg);
  }
  return marks;
}

interface LogoAsset {
  body: string | Buffer;
  type: string;
  cacheControl: string;
}

function shippedLogos(): Map<string, { type: ImageType; bytes: Buffer }> {
  const found = new Map<string, { type: ImageType; bytes: Buffer }>();
  for (const file of readdirSync(DIR)) {
    const [, slug, ext] = /^([a-z0-9-]+)\.(svg|png)$/.exec(file) ?? [];
    const type = ext ? TYPES[ext] : undefined;
    if (!slug || !type) throw new Error(`src/web/assets/bank-logos/${file}: name it <bank slug>.svg or .png`);
    if (!BANKS.some((b) => b.slug === slug)) throw new Error(`src/web/assets/bank-logos/${file}: no bank "${slug}"`);
    const image = checkImage(type, readFileSync(new URL(file, DIR)));
    if (!isImage(image)) throw new Error(`src/web/assets/bank-logos/${file} ${image.refused}`);
    found.set(slug, image);
  }
  return found;
}

/** Every bank's logo as an asset under a content-hashed name, and each bank's path. */
export function bankLogoAssets(hash: (body: string | Buffer) => string, cacheControl: string) {
  const shipped = shippedLogos();
  const marks = simpleIconMarks();
  const assets: Record<string, LogoAsset> = {};
  const paths = new Map<string, string>();
  const add = (name: string, body: string | Buffer, type: ImageType): string => {
    const path = `/connect/assets/bank-${name}.${hash(body)}.${type === 'image/png' ? 'png' : 'svg'}`;
    assets[path] = { body, type, cacheControl };
    return path;
  };
  for (const b of BANKS) {
    const own = shipped.get(b.slug);
    const mark = marks.get(b.slug);
    paths.set(
      b.slug,
      own ? add(b.slug, own.bytes, own.type) : add(b.slug, mark ?? bankTileSvg(b.name, b.colour), 'image/svg+xml'),
    );
  }
  const unknown = add('unknown', bankTileSvg('Bank', UNKNOWN_COLOUR), 'image/svg+xml');
  return { assets, paths, unknown };
}
