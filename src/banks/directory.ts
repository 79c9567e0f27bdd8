/**
 * The bank directory: the public configuration of the real UK banks (discovery URL, financial id, account-information
 * API base, client authentication methods), kept as data in directory/uk-banks.json so it can be checked against its
 * sources and updated without touching code. It is validated once, at import: a bad file stops the service at start
 * with every problem named by entry and field, rather than offering a bank half-configured.
 */
import data from './directory/uk-banks.json' with { type: 'json' };

export type BankType = 'Personal' | 'Business';

/** Client authentication at the token endpoint, as a bank's discovery document names it. */
export type DirectoryAuthMethod = 'private_key_jwt' | 'tls_client_auth' | 'client_secret_basic' | 'client_secret_post';

/** One bank of the directory; null means no public source gave the value (the entry's notes say what was searched). */
export interface DirectoryEntry {
  slug: string;
  name: string;
  /** the group the brand belongs to, e.g. Lloyds Banking Group */
  brand: string;
  /** null: serves both personal and business customers */
  type: BankType | null;
  /** brand colour of the generated logo */
  colour: string;
  /** the brand's public logo address, recorded only: the service never fetches it */
  logoUrl: string | null;
  /** the OpenID Provider configuration of the bank's account-information authorisation server */
  wellKnownUrl: string | null;
  /** x-fapi-financial-id: the bank's organisation id on the Open Banking Directory */
  financialId: string | null;
  /** base of the Account and Transaction API, e.g. https://api.bank.example/open-banking/v3.1/aisp */
  aispBaseUrl: string | null;
  /** what the bank's token endpoint accepts, best first; empty when no source said */
  tokenEndpointAuthMethods: readonly DirectoryAuthMethod[];
  /** the discovery document of the bank's own sandbox, for testing before going live */
  sandboxWellKnownUrl: string | null;
  /** public addresses where the values are published */
  source: readonly string[];
  /** the date (YYYY-MM-DD) the values were checked against the source */
  checked: string;
  notes: string | null;
}

/** The directory file is not what this module expects; `problems` lists every fault found. */
export class DirectoryError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`The bank directory (src/banks/directory/uk-banks.json) is invalid:\n  ${problems.join('\n  ')}`);
    this.name = 'DirectoryError';
    this.problems = problems;
  }
}

const AUTH_METHODS: readonly string[] = [
  'private_key_jwt',
  'tls_client_auth',
  'client_secret_basic',
  'client_secret_post',
];
const MEMBERS = new Set([
  'slug',
  'name',
  'brand',
  'type',
  'colour',
  'logo_url',
  'well_known_url',
  'financial_id',
  'aisp_base_url',
  'token_endpoint_auth_methods',
  'sandbox_well_known_url',
  'source',
  'checked',
  'notes',
]);
/** Members that hold a public value a source may not give; each null one must be explained in notes. */
const SOURCED = ['well_known_url', 'financial_id', 'aisp_base_url', 'token_endpoint_auth_methods'] as const;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const COLOUR = /^#[0-9a-f]{6}$/i;
/** Open Banking Directory organisation ids are Salesforce ids: 15 or 18 letters and digits. */
const FINANCIAL_ID = /^[0-9A-Za-z]{15}(?:[0-9A-Za-z]{3})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isHttpsUrl(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  try {
    return new URL(v).protocol === 'https:';
  } catch {
    return false;
  }
}

function isCalendarDate(v: unknown): v is string {
  if (typeof v !== 'string' || !DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** Typed readers of one entry; every bad value adds a problem naming the entry and the member. */
function readers(raw: Record<string, unknown>, at: string, problems: string[]) {
  const fail = (member: string, what: string): undefined => {
    problems.push(`${at} field "${member}": ${what}`);
    return undefined;
  };
  const text = (m: string): string => {
    const v = raw[m];
    return typeof v === 'string' && v.trim() !== '' ? v : (fail(m, 'must be a non-empty string') ?? '');
  };
  const pattern = (m: string, re: RegExp, what: string): string | null => {
    const v = raw[m];
    if (v === null) return null;
    return typeof v === 'string' && re.test(v) ? v : (fail(m, what) ?? null);
  };
  const httpsUrl = (m: string): string | null => {
    const v = raw[m];
    if (v === null) return null;
    return isHttpsUrl(v) ? (v as string) : (fail(m, 'must be an https URL or null') ?? null);
  };
  return { fail, text, pattern, httpsUrl };
}

function readType(raw: Record<string, unknown>, r: ReturnType<typeof readers>): BankType | null {
  const v = raw.type;
  if (v === null || v === 'Personal' || v === 'Business') return v;
  return r.fail('type', 'must be "Personal", "Business" or null (both)') ?? null;
}

function readAuthMethods(raw: Record<string, unknown>, r: ReturnType<typeof readers>): DirectoryAuthMethod[] {
  const v = raw.token_endpoint_auth_methods;
  if (v === null) return [];
  const valid =
    Array.isArray(v) &&
    v.length > 0 &&
    v.every((m) => typeof m === 'string' && AUTH_METHODS.includes(m)) &&
    new Set(v).size === v.length;
  if (valid) return v as DirectoryAuthMethod[];
  r.fail('token_endpoint_auth_methods', `must be null or a non-empty list of distinct ${AUTH_METHODS.join(', ')}`);
  return [];
}

function readSource(raw: Record<string, unknown>, r: ReturnType<typeof readers>): string[] {
  const v = raw.source;
  if (Array.isArray(v) && v.length > 0 && v.every(isHttpsUrl)) return v as string[];
  r.fail('source', 'must be a non-empty list of https URLs where the values are published');
  return [];
}

function readNotes(raw: Record<string, unknown>, r: ReturnType<typeof readers>): string | null {
  const v = raw.notes;
  const unexplained = SOURCED.filter((m) => raw[m] === null);
  if (typeof v === 'string' && v.trim() !== '') return v;
  if (v !== null && v !== undefined) return r.fail('notes', 'must be a non-empty string or null') ?? null;
  if (unexplained.length > 0) r.fail('notes', `must say why ${unexplained.join(', ')} is null (what was searched)`);
  return null;
}

function readEntry(raw: unknown, index: number, problems: string[]): DirectoryEntry | null {
  const slugGuess = isObject(raw) && typeof raw.slug === 'string' ? raw.slug : `#${index}`;
  const at = `entry "${slugGuess}"`;
  if (!isObject(raw)) {
    problems.push(`${at}: must be an object`);
    return null;
  }
  const before = problems.length;
  for (const k of Object.keys(raw)) if (!MEMBERS.has(k)) problems.push(`${at} field "${k}": unknown member`);
  for (const k of MEMBERS)
    if (!(k in raw)) problems.push(`${at} field "${k}": missing (use null for an unknown value)`);
  if (problems.length > before) return null;
  const r = readers(raw, at, problems);
  const entry: DirectoryEntry = {
    slug: r.pattern('slug', SLUG, 'must be lower-case words joined by hyphens') ?? '',
    name: r.text('name'),
    brand: r.text('brand'),
    type: readType(raw, r),
    colour: r.pattern('colour', COLOUR, 'must be a #rrggbb hex colour') ?? '',
    logoUrl: r.httpsUrl('logo_url'),
    wellKnownUrl: r.httpsUrl('well_known_url'),
    financialId: r.pattern('financial_id', FINANCIAL_ID, 'must be an Open Banking Directory organisation id or null'),
    aispBaseUrl: r.httpsUrl('aisp_base_url'),
    tokenEndpointAuthMethods: readAuthMethods(raw, r),
    sandboxWellKnownUrl: r.httpsUrl('sandbox_well_known_url'),
    source: readSource(raw, r),
    checked: isCalendarDate(raw.checked) ? raw.checked : (r.fail('checked', 'must be a date, YYYY-MM-DD') ?? ''),
    notes: readNotes(raw, r),
  };
  return problems.length > before ? null : entry;
}

/** Validates the directory file's content; throws DirectoryError listing every problem at once. */
export function parseDirectory(content: unknown): DirectoryEntry[] {
  const banks = isObject(content) ? content.banks : undefined;
  if (!Array.isArray(banks)) throw new DirectoryError(['the file must be an object with a "banks" list']);
  const problems: string[] = [];
  const entries = banks.map((raw, i) => readEntry(raw, i, problems));
  const seen = new Set<string>();
  for (const e of entries) {
    if (e === null) continue;
    if (seen.has(e.slug)) problems.push(`entry "${e.slug}" field "slug": used by another entry`);
    seen.add(e.slug);
  }
  if (problems.length > 0) throw new DirectoryError(problems);
  return entries.filter((e): e is DirectoryEntry => e !== null).map((e) => Object.freeze(e));
}

const ENTRIES: readonly DirectoryEntry[] = Object.freeze(parseDirectory(data));
const BY_SLUG = new Map(ENTRIES.map((e) => [e.slug, e]));

/** Every bank of the directory, in the file's order. */
export function directoryEntries(): readonly DirectoryEntry[] {
  return ENTRIES;
}

/** The directory's entry for `slug`, or undefined (the sandbox banks are not in the directory). */
export function directoryEntry(slug: string): DirectoryEntry | undefined {
  return BY_SLUG.get(slug);
}
