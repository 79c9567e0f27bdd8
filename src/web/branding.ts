/**
 * A client's branding on the hosted pages (docs/decisions/0032-client-branding.md): its name and logo in the header,
 * its primary colour on buttons and links. Nothing of it is written into the page as markup or style:
 *
 * - the colour (#rrggbb, checked when it was set) names a stylesheet served by this service,
 *   /connect/assets/brand-<rrggbb>.<version>.css, which sets CSS custom properties; the page links it like its own
 *   style sheet, so the CSP stays style-src 'self' with no inline style;
 * - the logo (a data: URL the settings API checked) is served by this service under an address that names the
 *   client sealed (not its id) and the image's digest, so it can be cached for a year and needs no session.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { darken, isHexColour, lighten } from '../lib/colour-contrast.ts';

/** What the page shell shows of the client. */
export interface Branding {
  /** the logo's address (served by us), or null */
  logoSrc: string | null;
  /** the primary colour's stylesheet, or null for the pages' own colours */
  stylesheet: string | null;
}

export const NO_BRANDING: Branding = { logoSrc: null, stylesheet: null };

/** The custom properties connect.css uses for the brand, derived from the one colour. */
function brandStylesheet(colour: string): string {
  return `/* The client's primary colour (docs/decisions/0032-client-branding.md). */
:root {
  --brand: ${colour};
  --brand-strong: ${darken(colour, 0.2)};
  --brand-tint: ${lighten(colour, 0.92)};
  --brand-soft: ${lighten(colour, 0.8)};
}
`;
}

/** Changes when brandStylesheet's output does, so browsers may keep each colour's sheet for a year. */
const VERSION = createHash('sha256').update(brandStylesheet('#000000')).digest('hex').slice(0, 8);
const STYLESHEET = new RegExp(`^brand-([0-9a-f]{6})\\.${VERSION}\\.css$`);

export function brandStylesheetPath(colour: string): string {
  return `/connect/assets/brand-${colour.slice(1).toLowerCase()}.${VERSION}.css`;
}

/** The stylesheet an asset name asks for, or null when it is not one. */
export function brandStylesheetOf(file: string): string | null {
  const hex = STYLESHEET.exec(file)?.[1];
  return hex && isHexColour(`#${hex}`) ? brandStylesheet(`#${hex}`) : null;
}

function keys(installationKey: string) {
  const k = Buffer.from(hkdfSync('sha256', installationKey, 'obi', 'client-logo-address', 64));
  return { enc: k.subarray(0, 32), mac: k.subarray(32) };
}

/**
 * The client's id, sealed deterministically (AES-256-GCM with a synthetic IV, an HMAC of the id): the same client
 * always has the same address, which reveals nothing of the id and cannot be made up for another client.
 */
function sealClientRef(installationKey: string, clientId: string): string {
  const { enc, mac } = keys(installationKey);
  const iv = createHmac('sha256', mac).update(clientId).digest().subarray(0, 12);
  const cipher = createCipheriv('aes-256-gcm', enc, iv);
  const body = Buffer.concat([cipher.update(clientId, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The client id in a sealed reference, or null when it was not made by sealClientRef with this key. */
export function openClientRef(installationKey: string, ref: string): string | null {
  const raw = Buffer.from(ref, 'base64url');
  if (raw.length < 29 || raw.length > 300) return null;
  const { enc, mac } = keys(installationKey);
  try {
    const decipher = createDecipheriv('aes-256-gcm', enc, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const id = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const iv = createHmac('sha256', mac).update(id).digest().subarray(0, 12);
    return timingSafeEqual(iv, raw.subarray(0, 12)) ? id : null;
  } catch {
    return null;
  }
}

/** A short digest of the stored logo: its address changes when the logo does. */
export function logoDigest(logoUrl: string): string {
  return createHash('sha256').update(logoUrl).digest('hex').slice(0, 16);
}

export function logoPath(installationKey: string, clientId: string, logoUrl: string, type: string): string {
  const ext = type === 'image/png' ? 'png' : 'svg';
  return `/connect/brand/${sealClientRef(installationKey, clientId)}/logo.${logoDigest(logoUrl)}.${ext}`;
}
