/**
 * Turning a validated submission into rows: the rule checks the schema cannot express (account exists,
 * amounts exact, ids unique per account), each failure named by a JSON pointer. Pure: no I/O.
 */
import type { FieldError } from '../../lib/app-error.ts';
import { toDecimalText } from '../../lib/money.ts';
import { hashPair } from '../../lib/cyrb53.ts';
import { contentHash, PACKED_NUMBERS, PACKED_TEXT, PACKED_UNSHARED, type TransactionRow } from './transactions.row.ts';

export const MAX_TRANSACTIONS_PER_REQUEST = 100_000;
/** How many bad items a 4xx names; the detail gives the total. */
export const MAX_REPORTED_ERRORS = 100;

export interface SubmittedTransactionInput {
  external_transaction_id: string;
  name: string;
  type?: string | null;
  amount: number | string;
  balance?: { amount: number | string; currency: string; type: string } | null;
  currency: string;
  status: 'Booked' | 'Pending';
  bank_slug: string;
  account_number: string;
  category?: string | null;
  address_line?: string | null;
  merchant_details?: { merchant_name?: string | null; merchant_category_code?: string | null } | null;
  proprietary_bank_transaction_code?: { code?: string | null; issuer?: string | null } | null;
  value_date_time: number | string;
  booking_date_time: number | string;
}

export interface IngestResult {
  rows: TransactionRow[];
  /** Errors of the 400 kind (bad values, duplicates) and of the 422 kind (no such account). */
  badValues: FieldError[];
  unknownAccounts: FieldError[];
  errorCount: number;
}

/** Year 9999: later timestamps are typos (milliseconds sent as seconds), not dates. */
const MAX_UNIX_SECONDS = 253_402_300_799;

function toSeconds(v: number | string): number | null {
  const n = typeof v === 'number' ? v : Number(v.trim());
  return Number.isSafeInteger(n) && n >= 0 && n <= MAX_UNIX_SECONDS ? n : null;
}

/** Finds an earlier item with the same account and external id: its index, or undefined (and remembers this one). */
interface RepeatIndex {
  firstOf(account: string, id: string, i: number): number | undefined;
}

/** Exact: account → external id → the first item that had it (the parsed id strings are what it keeps). */
function exactRepeats(): RepeatIndex {
  const seen = new Map<string, Map<string, number>>();
  return {
    firstOf(account, id, i) {
      let ids = seen.get(account);
      if (ids === undefined) seen.set(account, (ids = new Map()));
      const first = ids.get(id);
      if (first === undefined) ids.set(id, i);
      return first;
    },
  };
}

/**
 * By a 64-bit hash of the id (seeded by its account), in flat typed arrays: 12 bytes an item (24 while it grows)
 * however long the ids, where a map keeps every id string (a key joining account and id took about 20 MB of a worker
 * thread's heap for 100 000 items, most of it promoted before it died). Two different ids of an account share a hash
 * with a chance of about 3 in 10^10 over 100 000 items, and it then names a repeat that is not one: only for a reader
 * that answers nothing itself from a repeat but reads the body again exactly (streamSubmission in
 * transactions.task.ts declines; packRows marks the batch for the exact reading).
 */
function hashedRepeats(): RepeatIndex {
  const seeds = new Map<string, number>();
  const lanes = new Uint32Array(2);
  let mask = 4095;
  let low = new Uint32Array(mask + 1);
  let high = new Uint32Array(mask + 1);
  let first = new Int32Array(mask + 1); // item index + 1; 0 is an empty slot
  let size = 0;
  const place = (l: number, h: number, at: number) => {
    let slot = l & mask;
    while (first[slot] !== 0) slot = (slot + 1) & mask;
    low[slot] = l;
    high[slot] = h;
    first[slot] = at;
  };
  return {
    firstOf(account, id, i) {
      let seed = seeds.get(account);
      if (seed === undefined) seeds.set(account, (seed = seeds.size));
      hashPair(id, seed, lanes);
      const l = lanes[0] as number;
      const h = lanes[1] as number;
      for (let slot = l & mask; first[slot] !== 0; slot = (slot + 1) & mask)
        if (low[slot] === l && high[slot] === h) return (first[slot] as number) - 1;
      if (++size * 2 > mask) {
        // Half full: twice the slots, every entry placed again.
        const [oldLow, oldHigh, oldFirst] = [low, high, first];
        mask = mask * 2 + 1;
        low = new Uint32Array(mask + 1);
        high = new Uint32Array(mask + 1);
        first = new Int32Array(mask + 1);
        for (let k = 0; k < oldFirst.length; k++)
          if (oldFirst[k] !== 0) place(oldLow[k] as number, oldHigh[k] as number, oldFirst[k] as number);
      }
      place(l, h, i + 1);
      return undefined;
    },
  };
}

/**
 * Builds rows item by item, so a caller can feed a 100 000-item request in slices and let the event loop
 * breathe in between. accounts: "bank_slug\u0000number" → account id, for the customer's accounts.
 * `result()` gives the rows in request order, or none when any item was bad (the caller stores nothing).
 * `repeats`: how repeated ids are found, `exact` or `hashed` (hashedRepeats: far less memory, and after a repeat the
 * caller must read the body again exactly).
 */
export function createRowBuilder(accounts: ReadonlyMap<string, string>, repeats: 'exact' | 'hashed' = 'exact') {
  let rows: TransactionRow[] = [];
  const badValues: FieldError[] = [];
  const unknownAccounts: FieldError[] = [];
  const seen = repeats === 'exact' ? exactRepeats() : hashedRepeats();
  let errorCount = 0;
  const report = (list: FieldError[], pointer: string, detail: string) => {
    errorCount++;
    if (badValues.length + unknownAccounts.length < MAX_REPORTED_ERRORS) list.push({ pointer, detail });
  };

  function add(t: SubmittedTransactionInput, i: number): void {
    const at = `/transactions/${i}`;
    const accountId = accounts.get(`${t.bank_slug}\u0000${t.account_number}`);
    if (accountId === undefined)
      report(
        unknownAccounts,
        `${at}/account_number`,
        `no account of this customer has bank_slug "${t.bank_slug}" and account_number "${t.account_number}"; create it with account_collections first`,
      );
    const amount = toDecimalText(t.amount);
    if (amount === null)
      report(badValues, `${at}/amount`, 'must be a number with at most 14 integer digits and 4 decimal places');
    const balanceAmount = t.balance ? toDecimalText(t.balance.amount) : null;
    if (t.balance && balanceAmount === null)
      report(badValues, `${at}/balance/amount`, 'must be a number with at most 14 integer digits and 4 decimal places');
    const valueAt = toSeconds(t.value_date_time);
    if (valueAt === null)
      report(badValues, `${at}/value_date_time`, 'must be Unix seconds (an integer between 0 and 253402300799)');
    const bookedAt = toSeconds(t.booking_date_time);
    if (bookedAt === null)
      report(badValues, `${at}/booking_date_time`, 'must be Unix seconds (an integer between 0 and 253402300799)');
    const first = seen.firstOf(`${accountId ?? t.bank_slug}\u0000${t.account_number}`, t.external_transaction_id, i);
    if (first !== undefined)
      report(
        badValues,
        `${at}/external_transaction_id`,
        `repeats /transactions/${first}/external_transaction_id for the same account`,
      );
    if (errorCount > 0 || accountId === undefined || amount === null || valueAt === null || bookedAt === null) return;

    rows.push(rowOf(t, accountId, amount, balanceAmount, valueAt, bookedAt));
  }

  return {
    add,
    /**
     * The rows built since the last take, handed over and forgotten (a stream keeps only its current chunk's rows);
     * none when any item so far was bad. result() then holds only the rows added after it.
     */
    take(): TransactionRow[] {
      const taken = errorCount > 0 ? [] : rows;
      rows = [];
      return taken;
    },
    result(): IngestResult {
      return { rows: errorCount > 0 ? [] : rows, badValues, unknownAccounts, errorCount };
    },
  };
}

/** The row of a checked item. */
function rowOf(
  t: SubmittedTransactionInput,
  accountId: string,
  amount: string,
  balanceAmount: string | null,
  valueAt: number,
  bookedAt: number,
): TransactionRow {
  const row: TransactionRow = {
    account_id: accountId,
    external_transaction_id: t.external_transaction_id,
    name: t.name,
    type: t.type ?? null,
    amount,
    currency: t.currency,
    balance_amount: balanceAmount,
    balance_currency: t.balance?.currency ?? null,
    balance_type: t.balance?.type ?? null,
    status: t.status,
    bank_slug: t.bank_slug,
    account_number: t.account_number,
    category: t.category ?? null,
    address_line: t.address_line ?? null,
    merchant_name: t.merchant_details?.merchant_name ?? null,
    merchant_category_code: t.merchant_details?.merchant_category_code ?? null,
    bank_transaction_code: t.proprietary_bank_transaction_code?.code ?? null,
    bank_transaction_issuer: t.proprietary_bank_transaction_code?.issuer ?? null,
    value_date_time: valueAt,
    booking_date_time: bookedAt,
    content_hash: 0,
  };
  row.content_hash = contentHash(row);
  return row;
}

/** The whole list in one go (pure callers, tests, benchmarks). */
export function buildTransactionRows(
  items: SubmittedTransactionInput[],
  accounts: ReadonlyMap<string, string>,
): IngestResult {
  const builder = createRowBuilder(accounts);
  for (const [i, item] of items.entries()) builder.add(item, i);
  return builder.result();
}

/**
 * Rows built on a worker thread before the customer's accounts are known, in a form that crosses to the main thread
 * cheaply (a structured clone of 100 000 row objects would hold the event loop for a fifth of a second): each distinct
 * text once (`strings`), each row's text members as indexes into it (-1 for null), its numbers (PACKED_NUMBERS), and each row's
 * account as an index into the distinct "bank_slug\u0000account_number" keys. Sharing the repeated texts (currency,
 * status, account, names) also leaves the main thread's heap a few hundred thousand strings lighter, and its garbage
 * collector's pauses shorter.
 */
export interface PackedRows {
  count: number;
  /**
   * The distinct texts end to end in one string, text k ending at stringEnds[k]: one string and one typed array
   * cross between threads in about a millisecond, where an array of 100 000 strings took a tenth of a second of the
   * main thread's time to arrive.
   */
  strings: string;
  stringEnds: Int32Array;
  text: Int32Array;
  numbers: Float64Array;
  accountKeys: string[];
  accountOf: Int32Array;
  /**
   * True when some item has a bad value, or repeats an id of the same bank_slug and account_number (or, about 3 times
   * in 10^10, only shares its hash: hashedRepeats): then
   * createRowBuilder, given the accounts, says which (rows of a batch without problems whose accounts all exist
   * are exactly the rows createRowBuilder builds).
   */
  problems: boolean;
}

/** packRows over the items: what createRowBuilder checks that needs no account, and every row but its account_id. */
export function packRows(items: readonly SubmittedTransactionInput[]): PackedRows {
  const count = items.length;
  const width = PACKED_TEXT.length;
  const text = new Int32Array(count * width);
  const nw = PACKED_NUMBERS.length;
  const numbers = new Float64Array(count * nw);
  const accountOf = new Int32Array(count);
  const accountIndex = new Map<string, number>();
  const stringIndex = new Map<string, number>();
  const list: string[] = [];
  const seen = hashedRepeats(); // a repeat marks the batch for the exact reading
  let problems = false;
  for (let i = 0; i < count; i++) {
    const t = items[i] as SubmittedTransactionInput;
    const accountKey = `${t.bank_slug}\u0000${t.account_number}`;
    let a = accountIndex.get(accountKey);
    if (a === undefined) accountIndex.set(accountKey, (a = accountIndex.size));
    accountOf[i] = a;
    if (seen.firstOf(accountKey, t.external_transaction_id, i) !== undefined) problems = true;
    const amount = toDecimalText(t.amount);
    const balanceAmount = t.balance ? toDecimalText(t.balance.amount) : null;
    const valueAt = toSeconds(t.value_date_time);
    const bookedAt = toSeconds(t.booking_date_time);
    if (amount === null || (t.balance && balanceAmount === null) || valueAt === null || bookedAt === null) {
      problems = true;
      continue;
    }
    const row = rowOf(t, '', amount, balanceAmount, valueAt, bookedAt);
    for (let k = 0; k < width; k++) {
      const v = row[PACKED_TEXT[k] as (typeof PACKED_TEXT)[number]];
      let s: number;
      if (v === null) s = -1;
      else if (PACKED_UNSHARED[k])
        s = list.push(v) - 1; // (nearly) every value differs: no lookup, no map to grow
      else {
        s = stringIndex.get(v) ?? -1;
        if (s < 0) {
          s = list.push(v) - 1;
          stringIndex.set(v, s);
        }
      }
      text[i * width + k] = s;
    }
    for (let k = 0; k < nw; k++) numbers[i * nw + k] = row[PACKED_NUMBERS[k] as (typeof PACKED_NUMBERS)[number]];
  }
  return {
    count,
    ...joinStrings(list),
    text,
    numbers,
    accountKeys: [...accountIndex.keys()],
    accountOf,
    problems,
  };
}

function joinStrings(list: string[]): { strings: string; stringEnds: Int32Array } {
  const stringEnds = new Int32Array(list.length);
  let end = 0;
  for (const [k, v] of list.entries()) stringEnds[k] = end += v.length;
  return { strings: list.join(''), stringEnds };
}

/** The distinct texts of a packed batch, cut out of the joined string a slice at a time. */
async function splitStrings(packed: PackedRows, yieldEvery: number, pause: () => Promise<unknown>): Promise<string[]> {
  const { strings, stringEnds } = packed;
  const out = new Array<string>(stringEnds.length);
  let start = 0;
  for (let k = 0; k < stringEnds.length; k++) {
    const end = stringEnds[k] ?? start;
    out[k] = strings.slice(start, end);
    start = end;
    if (k % yieldEvery === yieldEvery - 1) await pause();
  }
  return out;
}

/** Rows of a packed batch without problems, with their accounts' ids, in slices that let the event loop turn. */
export async function unpackRows(
  packed: PackedRows,
  accountIds: readonly string[],
  yieldEvery: number,
  pause: () => Promise<unknown>,
): Promise<TransactionRow[]> {
  const rows: TransactionRow[] = new Array<TransactionRow>(packed.count);
  const width = PACKED_TEXT.length;
  const strings = await splitStrings(packed, yieldEvery * 4, pause);
  const { text: at, numbers } = packed;
  const str = (i: number, k: number): string | null => strings[at[i * width + k] ?? -1] ?? null;
  const nw = PACKED_NUMBERS.length;
  for (let i = 0; i < packed.count; i++) {
    const row: Record<string, string | number | null> = { account_id: accountIds[packed.accountOf[i] ?? -1] ?? '' };
    for (let k = 0; k < width; k++) row[PACKED_TEXT[k] as string] = str(i, k);
    for (let k = 0; k < nw; k++) row[PACKED_NUMBERS[k] as string] = numbers[i * nw + k] ?? 0;
    rows[i] = row as TransactionRow;
    if (i % yieldEvery === yieldEvery - 1) await pause();
  }
  return rows;
}

/**
 * A stored row as a bank pull knows it (docs/decisions/0079-pull-rows-and-wire-columns.md): every member of
 * TransactionRow but the content hash, the amounts as the bank's decimal text (rowsOfPull writes them as endpoint 10
 * does) and the times as Unix seconds.
 */
export type PulledRow = Omit<TransactionRow, 'content_hash'>;

/**
 * The rows of a bank pull, with the checks createRowBuilder makes of a submission that a connector's output can fail
 * (amounts, times, an id repeated for the same account; the accounts are the pull's own), the same details under the
 * pointer the member would have in a submission. `errorCount` > 0: no rows.
 */
export function rowsOfPull(pulled: readonly PulledRow[]): {
  rows: TransactionRow[];
  errors: FieldError[];
  errorCount: number;
} {
  const rows: TransactionRow[] = [];
  const errors: FieldError[] = [];
  const seen = new Map<string, number>();
  let errorCount = 0;
  const report = (pointer: string, detail: string) => {
    errorCount++;
    if (errors.length < MAX_REPORTED_ERRORS) errors.push({ pointer, detail });
  };
  for (const [i, p] of pulled.entries()) {
    const at = `/transactions/${i}`;
    const amount = toDecimalText(p.amount);
    if (amount === null) report(`${at}/amount`, 'must be a number with at most 14 integer digits and 4 decimal places');
    const balanceAmount = p.balance_amount === null ? null : toDecimalText(p.balance_amount);
    if (p.balance_amount !== null && balanceAmount === null)
      report(`${at}/balance/amount`, 'must be a number with at most 14 integer digits and 4 decimal places');
    const valueAt = toSeconds(p.value_date_time);
    if (valueAt === null)
      report(`${at}/value_date_time`, 'must be Unix seconds (an integer between 0 and 253402300799)');
    const bookedAt = toSeconds(p.booking_date_time);
    if (bookedAt === null)
      report(`${at}/booking_date_time`, 'must be Unix seconds (an integer between 0 and 253402300799)');
    const key = `${p.account_id}\u0000${p.external_transaction_id}`;
    const first = seen.get(key);
    if (first !== undefined)
      report(
        `${at}/external_transaction_id`,
        `repeats /transactions/${first}/external_transaction_id for the same account`,
      );
    else seen.set(key, i);
    if (errorCount > 0 || amount === null || valueAt === null || bookedAt === null) continue;
    const row: TransactionRow = {
      ...p,
      amount,
      balance_amount: balanceAmount,
      value_date_time: valueAt,
      booking_date_time: bookedAt,
      content_hash: 0,
    };
    row.content_hash = contentHash(row);
    rows.push(row);
  }
  return { rows: errorCount > 0 ? [] : rows, errors, errorCount };
}
