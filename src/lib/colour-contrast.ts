/**
 * Colour contrast as WCAG 2.x defines it (relative luminance, contrast ratio), for #rrggbb colours: the check of a
 * client's primary colour (src/modules/clients) and the colours the hosted pages derive from it (src/web).
 */

/** WCAG 2.x, success criterion 1.4.3: normal text needs at least 4.5:1. */
export const TEXT_CONTRAST = 4.5;

const HEX = /^#([0-9a-f]{6})$/i;

export function isHexColour(s: string): boolean {
  return HEX.test(s);
}

function channels(hex: string): [number, number, number] {
  const m = HEX.exec(hex);
  if (!m?.[1]) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG 2.x relative luminance of an sRGB colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** (L1 + 0.05) / (L2 + 0.05), the lighter colour's luminance over the darker's: 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A ratio as people read it, rounded down so a colour that fails is never shown as passing: "4.49:1". */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

/** The colour mixed with black (`amount` 0 to 1): darker, same hue. */
export function darken(hex: string, amount: number): string {
  return toHex(channels(hex).map((c) => c * (1 - amount)));
}

/** The colour mixed with white (`amount` 0 to 1): lighter, same hue. */
export function lighten(hex: string, amount: number): string {
  return toHex(channels(hex).map((c) => c + (255 - c) * amount));
}

/** The lightest shade of `hex` (mixed with black in 1 % steps) with at least `min`:1 against every one of `others`. */
export function darkestNeeded(hex: string, others: readonly string[], min = TEXT_CONTRAST): string {
  for (let step = 0; step <= 100; step++) {
    const shade = darken(hex, step / 100);
    if (others.every((o) => contrastRatio(shade, o) >= min)) return shade.toLowerCase();
  }
  return '#000000';
}

/** White, else near-black, else black: the first that reads on `background` at 4.5:1 (black always does, or white). */
export function readableTextOn(background: string): string {
  for (const text of ['#ffffff', '#111827']) if (contrastRatio(text, background) >= TEXT_CONTRAST) return text;
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
}
