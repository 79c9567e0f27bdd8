/**
 * The affordability assessment (docs/decisions/0050-affordability-assessment.md): the customer's ready report (as
 * endpoint 15 serves it: 404 no_data, 409 report_not_ready), their latest declaration and the client's policy,
 * handed to the pure engine (src/analytics/affordability/assess.ts). Nothing is stored by an assessment; the
 * declarations and the policy versions are.
 */
import type { Db } from '../../db/db.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { assessAffordability } from '../../analytics/affordability/assess.ts';
import type {
  Declaration,
  DeclarationBody,
  Policy,
  PolicyBody,
} from '../../analytics/affordability/assessment-schema.ts';
import {
  CATEGORY_INCOME_IDS,
  candidateWindow,
  incomeCandidatesFrom,
  paymentIdsNeeded,
  windowEndTime,
  windowStartTime,
  type Payment,
} from '../../analytics/affordability/income-evidence.ts';
import { DEFAULT_POLICY, EXPENDITURE_MAP } from '../../analytics/affordability/sfs-map.ts';
import { requireCustomer } from '../customers/index.ts';
import { getPersonalInsights } from '../reports/index.ts';
import * as repo from './affordability.repo.ts';
import type { AssessmentBody, AssessmentQueryValue } from './affordability.wire.ts';

const DECLARATIONS_LISTED = 100;
const seconds = (timestamp: string) => Math.floor(new Date(timestamp).getTime() / 1000);

function toDeclaration(r: repo.DeclarationRow): Declaration {
  return {
    id: r.id,
    declared_at: seconds(r.declared_at),
    income: Number(r.income),
    housing: Number(r.housing),
    credit_commitments: Number(r.credit_commitments),
    other_essential: Number(r.other_essential),
    household_size: r.household_size,
  };
}

export async function postDeclaration(
  db: Db,
  clientId: string,
  customerId: string,
  body: DeclarationBody,
  now: Date,
): Promise<Declaration> {
  await requireCustomer(db, clientId, customerId);
  const row = await repo.insertDeclaration(
    db,
    newId(),
    customerId,
    { ...body, household_size: body.household_size ?? 1 },
    now,
  );
  return toDeclaration(row);
}

export async function listDeclarations(db: Db, clientId: string, customerId: string): Promise<{ data: Declaration[] }> {
  await requireCustomer(db, clientId, customerId);
  return { data: (await repo.listDeclarations(db, customerId, DECLARATIONS_LISTED)).map(toDeclaration) };
}

const BUILT_IN: Policy = { version: 0, created_at: null, ...DEFAULT_POLICY };

/** The client's policy of that version (0: the built-in default), or its latest (the default when it has none). */
export async function getPolicy(db: Db, clientId: string, version: number | null): Promise<Policy> {
  if (version === 0) return BUILT_IN;
  const row = await repo.findPolicy(db, clientId, version);
  if (!row) {
    if (version === null) return BUILT_IN;
    throw notFound('affordability_policy');
  }
  return { version: row.version, created_at: seconds(row.created_at), ...row.body };
}

/** What the schema cannot say: known category ids, one row per household size. */
function checkPolicy(body: PolicyBody): void {
  const errors = [
    ...body.variable_rate_categories.flatMap((id, i) =>
      EXPENDITURE_MAP.get(id)?.class === 'committed'
        ? []
        : [
            {
              pointer: `/variable_rate_categories/${i}`,
              detail: `"${id}" is not a committed expenditure category (docs/categories.md)`,
            },
          ],
    ),
    ...body.living_cost_buffer.by_household_size.flatMap((r, i, rows) =>
      rows.findIndex((o) => o.household_size === r.household_size) === i
        ? []
        : [
            {
              pointer: `/living_cost_buffer/by_household_size/${i}/household_size`,
              detail: `household size ${r.household_size} is listed twice`,
            },
          ],
    ),
  ];
  if (errors.length > 0) throw new AppError('validation_failed', 'The policy is not valid.', { errors });
}

export async function putPolicy(db: Db, clientId: string, body: PolicyBody, now: Date): Promise<Policy> {
  checkPolicy(body);
  const row = await repo.insertNextPolicy(db, clientId, body, now);
  return { version: row.version, created_at: seconds(row.created_at), ...row.body };
}

const toPayment = (r: repo.PaymentRow): Payment => ({
  id: r.id,
  bookedAt: Number(r.booking_date_time),
  amount: Number(r.amount),
});

export async function assessCustomer(
  db: Db,
  clientId: string,
  customerId: string,
  query: AssessmentQueryValue,
): Promise<AssessmentBody> {
  const report = await getPersonalInsights(db, clientId, customerId);
  const { as_of: asOf, engine_version: engineVersion, ...insights } = report;
  const policy = await getPolicy(db, clientId, query.policy_version ?? null);
  const [latest] = await repo.listDeclarations(db, customerId, 1);
  const window = candidateWindow(asOf, insights);
  const from = windowStartTime(asOf, window);
  // The window's complete months end where asOf's month starts; spending is listed for those months only.
  const windowEnd = windowEndTime(asOf, window);
  const [byIdRows, categoryRows, spendingRows] = await Promise.all([
    repo.paymentsByIds(db, customerId, paymentIdsNeeded(insights)),
    repo.paymentsInCategories(db, customerId, CATEGORY_INCOME_IDS, from, asOf),
    repo.spendingIds(db, customerId, from, windowEnd),
  ]);
  const spendingIds = new Map<string, string[]>();
  for (const r of spendingRows) {
    const list = spendingIds.get(r.category_id);
    if (list) list.push(r.id);
    else spendingIds.set(r.category_id, [r.id]);
  }
  const byCategory = new Map<string, Payment[]>();
  for (const r of categoryRows) {
    if (r.category_id === null) continue;
    const list = byCategory.get(r.category_id);
    if (list) list.push(toPayment(r));
    else byCategory.set(r.category_id, [toPayment(r)]);
  }
  const proposed =
    query.proposed_monthly_amount === undefined
      ? undefined
      : { monthly_amount: query.proposed_monthly_amount, variable_rate: query.proposed_variable_rate ?? false };
  const assessment = assessAffordability({
    asOf,
    insights,
    candidates: incomeCandidatesFrom(insights, new Map(byIdRows.map((r) => [r.id, toPayment(r)])), byCategory, window),
    policy,
    declaration: latest ? toDeclaration(latest) : null,
    spendingIds,
    ...(proposed ? { proposed } : {}),
  });
  return { ...assessment, as_of: asOf, engine_version: engineVersion };
}
