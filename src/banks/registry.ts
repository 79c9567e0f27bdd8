/**
 * The bank registry: every bank the service knows by slug. Submitted transactions and accounts name their
 * bank by one of these slugs. Connection settings for a live bank (discovery URL, client credentials, TLS)
 * come from configuration (connections.ts); this file is only the catalogue.
 */
import { escapeHtml } from '../lib/escape-html.ts';

export type BankType = 'Personal' | 'Business';

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

export const BANKS: readonly Bank[] = Object.freeze([
  bank('sandbox', 'Sandbox Bank', '#4b5563', 'Personal', { is_sandbox: true }),
  bank('sandbox-business', 'Sandbox Business Bank', '#374151', 'Business', { is_sandbox: true }),
  bank('barclays', 'Barclays', '#00aeef', 'Personal'),
  bank('barclays-business', 'Barclays Business', '#00395d', 'Business'),
  bank('hsbc', 'HSBC UK', '#db0011', 'Personal'),
  bank('hsbc-business', 'HSBC UK Business', '#a50010', 'Business'),
  bank('lloyds', 'Lloyds Bank', '#006a4d', 'Personal'),
  bank('lloyds-business', 'Lloyds Bank Business', '#024731', 'Business'),
  bank('halifax', 'Halifax', '#005eb8', 'Personal'),
  bank('bank-of-scotland', 'Bank of Scotland', '#1c355e', 'Personal'),
  bank('natwest', 'NatWest', '#5a287d', 'Personal'),
  bank('natwest-business', 'NatWest Business', '#42145f', 'Business'),
  bank('rbs', 'Royal Bank of Scotland', '#0a2f64', 'Personal'),
  bank('ulster-bank', 'Ulster Bank', '#1d3c6e', null),
  bank('santander', 'Santander UK', '#ec0000', 'Personal'),
  bank('santander-business', 'Santander UK Business', '#b30000', 'Business'),
  bank('nationwide', 'Nationwide Building Society', '#1b3a6b', 'Personal'),
  bank('tsb', 'TSB', '#00a0df', 'Personal'),
  bank('virgin-money', 'Virgin Money', '#cc0000', null),
  bank('first-direct', 'first direct', '#000000', 'Personal'),
  bank('metro-bank', 'Metro Bank', '#d6001c', null),
  bank('monzo', 'Monzo', '#ff4f40', null),
  bank('starling', 'Starling Bank', '#6935d3', null),
  bank('revolut', 'Revolut', '#0666eb', null),
  bank('chase-uk', 'Chase UK', '#117aca', 'Personal'),
  bank('coop-bank', 'The Co-operative Bank', '#00b1e7', null),
  bank('danske-bank', 'Danske Bank', '#003755', null),
  bank('bank-of-ireland', 'Bank of Ireland UK', '#0033a0', null),
  bank('aib', 'AIB (NI)', '#7f2b7b', null),
  bank('tide', 'Tide', '#1929d6', 'Business'),
  bank('amex', 'American Express', '#2e77bc', 'Personal'),
  bank('tesco-bank', 'Tesco Bank', '#00539f', 'Personal'),
  bank('sainsburys-bank', "Sainsbury's Bank", '#f06c00', 'Personal'),
  bank('mbna', 'MBNA', '#003b71', 'Personal'),
]);

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
    `<text x="32" y="40" font-family="system-ui,sans-serif" font-size="22" font-weight="700" fill="#fff" text-anchor="middle">${escapeHtml(initials)}</text></svg>`
  );
}
