/**
 * A small image sent as a data: URL (a client's logo): PNG or SVG, base64, at most MAX_IMAGE_BYTES. The service
 * stores it and serves it from its own origin, so the hosted pages load no image from anywhere else
 * (docs/decisions/0032-client-branding.md).
 */

const MAX_IMAGE_BYTES = 48 * 1024;
/** The longest data: URL taken (the stored column's check too): room above the base64 of MAX_IMAGE_BYTES, so an image a
 * little too large is refused with its size rather than with a length. */
export const MAX_IMAGE_DATA_URL_LENGTH = 70_000;

export type ImageType = 'image/png' | 'image/svg+xml';

export interface ImageData {
  type: ImageType;
  bytes: Buffer;
}

const DATA_URL = /^data:(image\/png|image\/svg\+xml);base64,([A-Za-z0-9+/]+={0,2})$/;
const SVG_START = /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>[]*>\s*)*<svg[\s>]/i;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/**
 * What an SVG logo may not hold. It is only ever shown through <img> (no script runs there, nothing outside is
 * loaded) and served with a sandboxing CSP; refusing these keeps a logo that is opened directly inert as well.
 */
const SVG_REFUSED: Array<[RegExp, string]> = [
  [/<script/i, 'a script'],
  [/<foreignObject/i, 'foreignObject'],
  [/\son[a-z]+\s*=/i, 'an event handler attribute'],
  [/<!ENTITY/i, 'an entity declaration'],
  [/(?:href|src)\s*=\s*["']\s*(?!#|data:image\/)/i, 'a link outside the image'],
  [/url\(\s*["']?\s*(?!#)/i, 'a url() outside the image'],
  [/@import/i, '@import'],
];

/** The image in a data: URL, or why it is refused (in words for the client's developer). */
export function parseImageDataUrl(s: string): ImageData | { refused: string } {
  const m = DATA_URL.exec(s);
  if (!m?.[1] || !m[2])
    return {
      refused:
        'must be a data: URL of a PNG or SVG image, base64: data:image/png;base64,… or data:image/svg+xml;base64,…',
    };
  return checkImage(m[1] as ImageType, Buffer.from(m[2], 'base64'));
}

/** The image when its bytes are what its type says, small enough, and (SVG) inert; else why not. */
export function checkImage(type: ImageType, bytes: Buffer): ImageData | { refused: string } {
  if (bytes.length > MAX_IMAGE_BYTES) return { refused: `must be an image of at most ${MAX_IMAGE_BYTES / 1024} KB` };
  if (type === 'image/png') {
    return bytes.subarray(0, 8).equals(PNG_SIGNATURE) ? { type, bytes } : { refused: 'is not a PNG image' };
  }
  const text = bytes.toString('utf8');
  if (!SVG_START.test(text) || !/<\/svg>\s*$/i.test(text))
    return { refused: 'is not an SVG image (it must start with <svg and end with </svg>)' };
  for (const [re, what] of SVG_REFUSED) if (re.test(text)) return { refused: `is an SVG image holding ${what}` };
  return { type, bytes };
}

export function isImage(v: ImageData | { refused: string }): v is ImageData {
  return 'bytes' in v;
}
