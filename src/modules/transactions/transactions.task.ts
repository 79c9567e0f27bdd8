/**
 * Endpoint 10's big bodies on a worker thread (src/workers/pool.ts; the route's bodyTask, src/http/json-body.ts):
 * the checked parse, the shape check Fastify's validator makes, the item checks of checkSubmittedTransactions and
 * the rows, packed for the main thread. The answers are the ones the main thread gives a small body: the same
 * checks, in the same order, with the same Problem Details. Pure: no database (the accounts are the main thread's).
 *
 * The schemas come in the input (they are plain JSON schemas): transactions.wire.ts, which declares them, reaches
 * the accounts module's index and with it the whole service, which a worker thread has no use for.
 */
import { createHash } from 'node:crypto';
import type { TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import { parseCheckedBody, type BodyTaskAnswer, type BodyTaskInput } from '../../http/json-body.ts';
import { fieldErrorsFromValidation } from '../../http/problem.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import {
  buildTransactionRows,
  MAX_TRANSACTIONS_PER_REQUEST,
  packRows,
  type IngestResult,
  type PackedRows,
  type SubmittedTransactionInput,
} from './transactions.ingest.ts';

/** The body's shape as Fastify checks it (ShallowSubmission) and one item's (SubmittedTransaction). */
export interface SubmissionSchemas {
  shallow: TSchema;
  item: TSchema;
}

/** What the item checks found: the 400 checkSubmittedTransactions throws, as data. */
export interface InvalidItems {
  message: string;
  errors: FieldError[];
  badItems: number;
}

/**
 * The body as the route receives it from readSubmission: a stand-in when the shape is wrong (a copy keeping what
 * the shape check looks at, so Fastify's validator answers the same 400 as for the body itself), else the count,
 * the item checks' verdict and, for a valid batch of at most 100 000, the packed rows.
 */
export type SubmissionValue =
  { standIn: unknown } | { count: number; invalid: InvalidItems | null; rows: PackedRows | null };

/** How many bad items a 400 describes in full (each may have several bad members). */
const MAX_ITEMS_WITH_ERRORS = 100;

/** The item checks, item by item (the main thread feeds small bodies to it in slices, transactions.wire.ts). */
export function createItemChecks(checker: Validator) {
  const errors: Array<{ keyword: string; instancePath: string; params: Record<string, unknown>; message?: string }> =
    [];
  let badItems = 0;
  return {
    add(item: unknown, i: number): void {
      if (checker.Check(item)) return;
      badItems++;
      if (badItems > MAX_ITEMS_WITH_ERRORS) return;
      for (const e of checker.Errors(item))
        errors.push({
          keyword: e.keyword,
          instancePath: `/transactions/${i}${e.instancePath}`,
          params: e.params as Record<string, unknown>,
          message: e.message,
        });
    },
    result(): InvalidItems | null {
      if (badItems === 0) return null;
      return {
        message: `${badItems} transaction(s) are invalid; nothing was stored.${badItems > MAX_ITEMS_WITH_ERRORS ? ` The first ${MAX_ITEMS_WITH_ERRORS} are listed.` : ''}`,
        errors: fieldErrorsFromValidation(errors),
        badItems,
      };
    },
  };
}

/** The 400 of invalid items. */
export function invalidItemsError(invalid: InvalidItems): AppError {
  return new AppError('validation_failed', invalid.message, {
    errors: invalid.errors,
    extra: { error_count: invalid.badItems },
  });
}

/** Compiled once per worker thread and schema. */
const compiled = new Map<string, Validator>();
function validator(schema: TSchema): Validator {
  const key = JSON.stringify(schema);
  let v = compiled.get(key);
  if (!v) compiled.set(key, (v = Compile(schema)));
  return v;
}

/** The task: parse and check the body, check its shape and items, pack its rows. */
export function readSubmission(input: BodyTaskInput & SubmissionSchemas): BodyTaskAnswer<SubmissionValue> {
  const bodyHash = input.hash ? createHash('sha256').update(input.body).digest('hex') : undefined;
  const parsed = parseCheckedBody(input.body);
  if ('refused' in parsed) return parsed;
  const { value } = parsed;
  if (!validator(input.shallow).Check(value)) return { value: { standIn: standIn(value) }, bodyHash };
  const items = (value as { transactions: unknown[] }).transactions;
  const checks = createItemChecks(validator(input.item));
  for (const [i, item] of items.entries()) checks.add(item, i);
  const invalid = checks.result();
  const rows =
    invalid === null && items.length <= MAX_TRANSACTIONS_PER_REQUEST
      ? packRows(items as SubmittedTransactionInput[])
      : null;
  return { value: { count: items.length, invalid, rows }, bodyHash };
}

/**
 * What the shape check looks at, and nothing more: member names in order, and for each value its kind (arrays and
 * objects emptied, other values kept). The check fails on it exactly as on the body, without the cost of a
 * structured clone of the body's 100 000 items.
 */
function standIn(value: unknown): unknown {
  const kind = (v: unknown) => (Array.isArray(v) ? [] : v !== null && typeof v === 'object' ? {} : v);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return kind(value);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, kind(v)]));
}

/**
 * The second reading of a batch packRows found problems in, or whose accounts are not all the customer's: the
 * exact errors createRowBuilder gives with the customer's accounts (ids of repeated items compared per account id).
 */
export function checkSubmissionRows(input: {
  body: Uint8Array;
  accounts: Array<[string, string]>;
}): Omit<IngestResult, 'rows'> & { rows: PackedRows | null } {
  const parsed = parseCheckedBody(input.body);
  if ('refused' in parsed) throw new Error('a body read once reads the same again');
  const items = (parsed.value as { transactions: SubmittedTransactionInput[] }).transactions;
  const { badValues, unknownAccounts, errorCount } = buildTransactionRows(items, new Map(input.accounts));
  // No errors with the accounts (packRows is stricter than it need be only in theory): the rows, then.
  return { badValues, unknownAccounts, errorCount, rows: errorCount === 0 ? packRows(items) : null };
}
