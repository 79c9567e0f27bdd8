/**
 * The sandbox bank's memory: consents, authorisation codes, tokens, and the switches that make a consent
 * misbehave. Kept in this process only, like a bank's sessions: restarting the service forgets them, and the
 * consents the service held at the sandbox then fail as revoked ones do. One process only (not for several
 * processes sharing a PostgreSQL server).
 */
import { randomBytes, randomUUID } from 'node:crypto';

export type ConsentStatus = 'AwaitingAuthorisation' | 'Authorised' | 'Rejected' | 'Revoked';

/**
 * reject: the bank rejects the authorisation even when the customer approves.
 * revoke / expire: the consent is revoked / expires when the service first reads data with it.
 * 429 / 500 / garbage: data calls answer 429 (Retry-After: 1) / 500 / a body that is not JSON.
 * pending-new-id: pending transactions carry another TransactionId than the one they book under.
 */
export const SWITCH_KINDS = ['reject', 'revoke', 'expire', '429', '500', 'garbage', 'pending-new-id'] as const;
export type SwitchKind = (typeof SWITCH_KINDS)[number];

export interface Switch {
  kind: SwitchKind;
  /** how many data calls misbehave (429/500/garbage); Infinity for "all" */
  times: number;
  /** data calls answered normally before the misbehaviour starts */
  after: number;
}

export interface SandboxConsent {
  id: string;
  slug: string;
  clientId: string;
  status: ConsentStatus;
  permissions: string[];
  /** Unix seconds */
  creation: number;
  statusUpdate: number;
  expiration: number | null;
  transactionFrom: number | null;
  transactionTo: number | null;
  persona: string | null;
  switches: Switch[];
  /** data calls answered so far (counts for the misbehaviour switches) */
  dataCalls: number;
  /** SHA-256 of the login cookie of the browser that was shown the authorisation page */
  loginBrowser: string | null;
}

export interface AuthCode {
  consentId: string;
  clientId: string;
  redirectUri: string;
  challenge: string;
  expiresAt: number;
}

export interface Token {
  clientId: string;
  /** null for client-credentials tokens */
  consentId: string | null;
  expiresAt: number;
}

export class SandboxState {
  readonly consents = new Map<string, SandboxConsent>();
  readonly codes = new Map<string, AuthCode>();
  readonly accessTokens = new Map<string, Token>();
  readonly refreshTokens = new Map<string, { clientId: string; consentId: string }>();

  createConsent(
    c: Omit<SandboxConsent, 'id' | 'status' | 'statusUpdate' | 'persona' | 'switches' | 'dataCalls' | 'loginBrowser'>,
  ): SandboxConsent {
    const consent: SandboxConsent = {
      ...c,
      id: `aac-${randomUUID()}`,
      status: 'AwaitingAuthorisation',
      statusUpdate: c.creation,
      persona: null,
      switches: [],
      dataCalls: 0,
      loginBrowser: null,
    };
    this.consents.set(consent.id, consent);
    return consent;
  }

  setStatus(consent: SandboxConsent, status: ConsentStatus, now: number): void {
    consent.status = status;
    consent.statusUpdate = now;
    if (status === 'Revoked' || status === 'Rejected') this.dropTokens(consent.id);
  }

  issueCode(code: AuthCode): string {
    const value = token();
    this.codes.set(value, code);
    return value;
  }

  issueAccessToken(t: Token): string {
    const value = token();
    this.accessTokens.set(value, t);
    return value;
  }

  issueRefreshToken(clientId: string, consentId: string): string {
    const value = token();
    this.refreshTokens.set(value, { clientId, consentId });
    return value;
  }

  dropTokens(consentId: string): void {
    for (const [k, v] of this.accessTokens) if (v.consentId === consentId) this.accessTokens.delete(k);
    for (const [k, v] of this.refreshTokens) if (v.consentId === consentId) this.refreshTokens.delete(k);
  }

  has(consent: SandboxConsent, kind: SwitchKind): boolean {
    return consent.switches.some((s) => s.kind === kind);
  }

  /** The misbehaviour for the consent's next data call, if any (and counts the call). */
  nextDataCall(consent: SandboxConsent): '429' | '500' | 'garbage' | null {
    consent.dataCalls++;
    const n = consent.dataCalls;
    for (const s of consent.switches) {
      if ((s.kind === '429' || s.kind === '500' || s.kind === 'garbage') && n > s.after && n <= s.after + s.times)
        return s.kind;
    }
    return null;
  }
}

function token(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * "gambler+429:2@3+pending-new-id" → persona "gambler" and its switches. A switch is kind[:times][@after]; times
 * is a number or "all" (default 1), after the number of data calls answered normally first (default 0).
 */
export function parseUsername(username: string): { persona: string; switches: Switch[] } | { error: string } {
  const [persona, ...rest] = username.trim().split('+');
  const switches = parseSwitches(rest);
  if ('error' in switches) return switches;
  return { persona: persona ?? '', switches };
}

export function parseSwitches(specs: string[]): Switch[] | { error: string } {
  const out: Switch[] = [];
  for (const spec of specs.map((s) => s.trim()).filter(Boolean)) {
    const m = /^([a-z0-9-]+)(?::(\d+|all))?(?:@(\d+))?$/.exec(spec);
    const kind = m?.[1] as SwitchKind | undefined;
    if (!m || !kind || !SWITCH_KINDS.includes(kind))
      return { error: `unknown switch "${spec}" (known: ${SWITCH_KINDS.join(', ')}; form kind[:times|all][@after])` };
    out.push({
      kind,
      times: m[2] === undefined ? 1 : m[2] === 'all' ? Infinity : Number(m[2]),
      after: m[3] === undefined ? 0 : Number(m[3]),
    });
  }
  return out;
}

export function describeSwitch(s: Switch): string {
  return `${s.kind}${s.times === 1 ? '' : `:${s.times === Infinity ? 'all' : s.times}`}${s.after ? `@${s.after}` : ''}`;
}
