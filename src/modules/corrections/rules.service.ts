/**
 * A client's category rules (docs/decisions/0061-category-corrections-and-rules.md): CRUD, and a preview of what a
 * rule would change. Matching is the engine's own (src/analytics/classify/client-corrections.ts), so the preview
 * says what the next computation will do; the database only narrows the rows down first (a case-insensitive
 * LIKE on the pattern's longest word: every match contains it).
 */
import type { Db } from '../../db/db.ts';
import { notFound } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import {
  compileRules,
  firstMatchingRule,
  normalizeForRule,
  type CategoryRuleInput,
} from '../../analytics/classify/client-corrections.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireCustomer } from '../customers/index.ts';
import * as repo from './corrections.repo.ts';
import { markCustomersChanged, requireCategory, type CorrectionContext } from './corrections.service.ts';

/** Rows a preview reads at most; past it the preview says it is incomplete. */
const PREVIEW_SCAN_LIMIT = 50_000;
const PREVIEW_EXAMPLES = 20;
const DEFAULT_PRIORITY = 100;

export interface RuleDraft {
  account_type: 'Personal' | 'Business';
  field: 'text' | 'payee';
  match?: 'contains' | 'word';
  pattern: string;
  category_id: string;
  priority?: number;
}

/** A draft checked and completed with its defaults, or a 400 pointing at the bad field. */
function checkedRule(d: RuleDraft): repo.RuleFields {
  requireCategory(d.account_type, d.category_id, '/body/category_id');
  if (normalizeForRule(d.pattern) === '') {
    const detail = 'the pattern needs at least one letter or digit';
    throw new AppError('validation_failed', detail, { errors: [{ pointer: '/body/pattern', detail }] });
  }
  return {
    account_type: d.account_type,
    field: d.field,
    match: d.match ?? 'word',
    pattern: d.pattern.trim(),
    category_id: d.category_id,
    priority: d.priority ?? DEFAULT_PRIORITY,
  };
}

/** The longest word of the normalised pattern: every text the rule matches contains it, whatever its case. */
function tokenOf(pattern: string): string {
  return pattern.split(' ').reduce((a, b) => (b.length > a.length ? b : a), '');
}

function toRuleWire(r: repo.RuleRow) {
  return {
    id: r.id,
    account_type: r.account_type,
    field: r.field,
    match: r.match,
    pattern: r.pattern,
    category_id: r.category_id,
    priority: Number(r.priority),
    created_at: Math.floor(new Date(r.created_at).getTime() / 1000),
    updated_at: Math.floor(new Date(r.updated_at).getTime() / 1000),
    created_by: { type: r.created_by_type, id: r.created_by_id },
  };
}

function toInput(id: string, f: repo.RuleFields): CategoryRuleInput {
  return {
    id,
    accountType: f.account_type,
    field: f.field,
    match: f.match,
    pattern: f.pattern,
    categoryId: f.category_id,
    priority: f.priority,
  };
}

/** Customers a rule may touch: those it matches now (a superset) and those whose categories it chose last time. */
async function touchedBy(tx: Db, clientId: string, id: string, f: repo.RuleFields | null): Promise<string[]> {
  const before = await repo.customersCategorisedByRule(tx, clientId, id);
  if (!f) return before;
  const token = tokenOf(normalizeForRule(f.pattern));
  const now = await repo.customersWithCandidates(tx, { clientId, accountType: f.account_type, field: f.field, token });
  return [...before, ...now];
}

export async function listRules(db: Db, clientId: string) {
  return { data: (await repo.listRules(db, clientId)).map(toRuleWire) };
}

export async function getRule(db: Db, clientId: string, id: string) {
  const row = await repo.getRule(db, clientId, id);
  if (!row) throw notFound('category_rule');
  return toRuleWire(row);
}

export async function createRule(ctx: CorrectionContext, draft: RuleDraft) {
  const f = checkedRule(draft);
  const id = newId();
  return ctx.db.transaction(async (tx) => {
    await repo.insertRule(tx, ctx.clientId, id, f, ctx.actor, ctx.now);
    await markCustomersChanged(ctx, tx, await touchedBy(tx, ctx.clientId, id, f));
    return getRule(tx, ctx.clientId, id);
  });
}

export async function updateRule(ctx: CorrectionContext, id: string, patch: Partial<RuleDraft>) {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.getRule(tx, ctx.clientId, id);
    if (!row) throw notFound('category_rule');
    const f = checkedRule({ ...row, ...patch });
    const before = await touchedBy(tx, ctx.clientId, id, row);
    await repo.updateRule(tx, ctx.clientId, id, f, ctx.now);
    await markCustomersChanged(ctx, tx, [...before, ...(await touchedBy(tx, ctx.clientId, id, f))]);
    return getRule(tx, ctx.clientId, id);
  });
}

export async function deleteRule(ctx: CorrectionContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.getRule(tx, ctx.clientId, id);
    if (!row) throw notFound('category_rule');
    const touched = await touchedBy(tx, ctx.clientId, id, row);
    await repo.deleteRule(tx, ctx.clientId, id);
    await markCustomersChanged(ctx, tx, touched);
  });
}

/**
 * What a rule would change, without storing it: the transactions it would match, those whose category would
 * change (not those a correction holds, nor those an earlier rule of the client takes), how many customers, the
 * categories they leave, and a few examples. Counts cover at most PREVIEW_SCAN_LIMIT candidate rows (`complete`).
 */
export async function previewRule(db: Db, clientId: string, draft: RuleDraft, customerId?: string) {
  const f = checkedRule(draft);
  if (customerId !== undefined) await requireCustomer(db, clientId, customerId);
  const previewId = 'preview';
  const others = (await repo.listRules(db, clientId)).map((r) => toInput(r.id, r));
  const rules = compileRules([...others, toInput(previewId, f)]);
  const token = tokenOf(normalizeForRule(f.pattern));
  const rows = await repo.ruleCandidates(db, {
    clientId,
    customerId,
    accountType: f.account_type,
    field: f.field,
    token,
    limit: PREVIEW_SCAN_LIMIT + 1,
  });
  const complete = rows.length <= PREVIEW_SCAN_LIMIT;
  let matched = 0;
  const changing: repo.CandidateRow[] = [];
  const customers = new Set<string>();
  const from = new Map<string | null, number>();
  for (const r of rows.slice(0, PREVIEW_SCAN_LIMIT)) {
    const subject = {
      accountType: r.account_type,
      amount: Number(r.amount),
      description: r.name,
      merchantName: r.merchant_name,
      merchant: r.merchant,
    };
    const mine = firstMatchingRule(
      rules.filter((x) => x.id === previewId),
      subject,
    );
    if (!mine) continue;
    matched++;
    if (r.corrected || firstMatchingRule(rules, subject)?.id !== previewId || r.category_id === f.category_id) continue;
    changing.push(r);
    customers.add(r.customer_id);
    from.set(r.category_id, (from.get(r.category_id) ?? 0) + 1);
  }
  return {
    matched,
    would_change: changing.length,
    customers_affected: customers.size,
    complete,
    from_categories: [...from]
      .map(([category_id, count]) => ({ category_id, count }))
      .sort((a, b) => b.count - a.count),
    examples: changing.slice(0, PREVIEW_EXAMPLES).map((r) => ({
      customer_id: r.customer_id,
      transaction_id: r.id,
      name: r.name,
      amount: Number(r.amount),
      booking_date_time: Number(r.booking_date_time),
      category_id: r.category_id,
      new_category_id: f.category_id,
    })),
  };
}
