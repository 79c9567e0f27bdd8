/**
 * The bank registry: every bank the service knows by slug. Submitted transactions and accounts name their
 * bank by one of these slugs. The real banks come from the bank directory (directory.ts, a data file with each
 * bank's public configuration and its sources); the sandbox banks are defined here, in code, because they are
 * this service's own. Connection settings for a live bank (credentials, keys, certificates) come from
 * configuration (connections.ts); this file is only the catalogue.
 */
import { readableTextOn } from '../lib/colour-contrast.ts';
import { escapeHtml } from '../lib/escape-html.ts';
import { directoryEntries, type BankType, type DirectoryEntry } from './directory.ts';

export type { BankType };

export interface Bank {
  slug: string;
  name: string;
  country_code: string;
  /** null: serves both personal and business customers */
  type: BankType | null;
  is_active: boolean;
  /** true: no customer-facing consent flow (data only arrives through the API) */
  is_api_only: boolean;
  is_sandbox: boolean;
  /** brand colour of the generated logo */
  colour: string;
}

const bank = (
  slug: string,
  name: string,
  colour: string,
  type: BankType | null = null,
  extra: Partial<Bank> = {},
): Bank => ({
  slug,
  name,
  country_code: 'GB',
  type,
  is_active: true,
  is_api_only: false,
  is_sandbox: false,
  colour,
  ...extra,
});

/** The sandbox banks: this service's own simulator, never in the directory of real banks. */
const SANDBOX_BANKS: readonly Bank[] = [
  bank('sandbox', 'Sandbox Bank', '#4b5563', 'Personal', { is_sandbox: true }),
  bank('sandbox-business', 'Sandbox Business Bank', '#374151', 'Business', { is_sandbox: true }),
  // A bank without PAR (as most UK banks are): the request object travels in the browser's URL.
  bank('sandbox-no-par', 'Sandbox No-PAR Bank', '#1f2937', 'Personal', { is_sandbox: true }),
];

function fromDirectory(e: DirectoryEntry): Bank {
  if (SANDBOX_BANKS.some((s) => s.slug === e.slug))
    throw new Error(`The bank directory lists "${e.slug}", a slug reserved for the sandbox bank`);
  return bank(e.slug, e.name, e.colour, e.type);
}

export const BANKS: readonly Bank[] = Object.freeze([...SANDBOX_BANKS, ...directoryEntries().map(fromDirectory)]);

const BY_SLUG = new Map(BANKS.map((b) => [b.slug, b]));

export function findBank(slug: string): Bank | undefined {
  return BY_SLUG.get(slug);
}

export function isKnownBankSlug(slug: string): boolean {
  return BY_SLUG.has(slug);
}

/** A small generated logo (initials on the brand colour): the service fetches nothing from outside. */
export function bankLogoSvg(b: Bank): string {
  const initials =
    b.name
      .replace(/[^A-Za-z ]/g, '')
      .split(/\s+/)
      .filter((w) => w !== '' && w[0] === w[0]?.toUpperCase())
      .slice(0, 2)
      .map((w) => w[0])
      .join('') || b.name.slice(0, 2);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeHtml(b.name)}">` +
    `<rect width="64" height="64" rx="14" fill="${b.colour}"/>` +
    `<text x="32" y="40" font-family="system-ui,sans-serif" font-size="22" font-weight="700" fill="${readableTextOn(b.colour)}" text-anchor="middle">${escapeHtml(initials)}</text></svg>`
  );
}
