/**
 * The sandbox bank's memory: consents and the switches that make a consent misbehave (codes, tokens and
 * clients are oidc-provider's, in adapter.ts). Kept in this process only, like a bank's sessions: restarting the service forgets them, and the
 * consents the service held at the sandbox then fail as revoked ones do. One process only (not for several
 * processes sharing a PostgreSQL server).
 */
import { randomUUID } from 'node:crypto';

export type ConsentStatus = 'AwaitingAuthorisation' | 'Authorised' | 'Rejected' | 'Revoked';

/**
 * reject: the bank rejects the authorisation even when the customer approves.
 * revoke / expire: the consent is revoked / expires when the service first reads data with it.
 * 429 / 500 / garbage: data calls answer 429 (Retry-After: 1) / 500 / a body that is not JSON.
 * pending-new-id: pending transactions carry another TransactionId than the one they book under.
 * interaction-id: data calls echo another x-fapi-interaction-id than the one the request carried (FAPI 1.0
 * Baseline §6.2.1-11 says the bank echoes it; a client should notice when it does not).
 *
 * How real UK banks differ, each allowed by the standard or seen in the field (docs/real-banks.md):
 * no-statements: /statements is not built (404, as for every endpoint the bank does not offer).
 * no-parties: /parties is refused on its own (403 UK.OBIE.Resource.ConsentMismatch) while the consent stays good.
 * self-next: the last page of transactions carries a Links.Next equal to its own Links.Self.
 * alias-next: Links.Next names the bank's other host name (localhost) and a versioned path (v3.1.11).
 * long-codes: transactions carry the ISO BankTransactionCode in long form (ReceivedCreditTransfer…), no
 *   proprietary code.
 * no-description: no TransactionInformation; the counterparty's name comes in CreditorAccount / DebtorAccount.
 * zoneless: transaction date-times are written without a zone (London wall time).
 * bad-item: one transaction of the first page is unreadable (its Amount is not an amount).
 * fx: card payments were made in euros: CurrencyExchange and a ChargeAmount (the non-sterling fee).
 */
export const SWITCH_KINDS = [
  'reject',
  'revoke',
  'expire',
  '429',
  '500',
  'garbage',
  'pending-new-id',
  'interaction-id',
  'no-statements',
  'no-parties',
  'self-next',
  'alias-next',
  'long-codes',
  'no-description',
  'zoneless',
  'bad-item',
  'fx',
] as const;
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
  /** the last x-fapi-customer-ip-address a data call carried (the customer was present), for the control API */
  customerIpAddress: string | null;
}

export class SandboxState {
  readonly consents = new Map<string, SandboxConsent>();

  createConsent(
    c: Omit<
      SandboxConsent,
      'id' | 'status' | 'statusUpdate' | 'persona' | 'switches' | 'dataCalls' | 'customerIpAddress'
    >,
  ): SandboxConsent {
    const consent: SandboxConsent = {
      ...c,
      id: `aac-${randomUUID()}`,
      status: 'AwaitingAuthorisation',
      statusUpdate: c.creation,
      persona: null,
      switches: [],
      dataCalls: 0,
      customerIpAddress: null,
    };
    this.consents.set(consent.id, consent);
    return consent;
  }

  /** Tokens of a consent that is no longer Authorised stop working where they are used (aisp.ts, adapter.ts). */
  setStatus(consent: SandboxConsent, status: ConsentStatus, now: number): void {
    consent.status = status;
    consent.statusUpdate = now;
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
