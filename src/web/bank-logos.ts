/**
 * The banks' logos on the hosted pages, all served by this service (the pages load no image from anywhere else).
 *
 * A bank has a logo when the service ships a reviewed copy of it: src/web/assets/bank-logos/<slug>.svg or .png,
 * checked at start-up like a client's logo (src/lib/image-data-url.ts). The bank directory's `logo_url` records where
 * the brand publishes it and is never fetched. Every other bank gets a clean fallback: its initials on its brand
 * colour, in white or near-black, whichever reads at 4.5:1 on that colour.
 */
import { readdirSync, readFileSync } from 'node:fs';
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
  const assets: Record<string, LogoAsset> = {};
  const paths = new Map<string, string>();
  const add = (name: string, body: string | Buffer, type: ImageType): string => {
    const path = `/connect/assets/bank-${name}.${hash(body)}.${type === 'image/png' ? 'png' : 'svg'}`;
    assets[path] = { body, type, cacheControl };
    return path;
  };
  for (const b of BANKS) {
    const own = shipped.get(b.slug);
    paths.set(
      b.slug,
      own ? add(b.slug, own.bytes, own.type) : add(b.slug, bankTileSvg(b.name, b.colour), 'image/svg+xml'),
    );
  }
  const unknown = add('unknown', bankTileSvg('Bank', UNKNOWN_COLOUR), 'image/svg+xml');
  return { assets, paths, unknown };
}
