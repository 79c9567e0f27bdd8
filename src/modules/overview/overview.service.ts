/**
 * One customer's overview (overview.types.ts) for the lender console and the PDF: the customer, their accounts
 * and balances, and the stored report (src/modules/reports) as people read it. It reads the report through the
 * reports module's services, the same ones endpoints 15–17 and the forecast answer with, so the console, the PDF
 * and the API show the same figures; and it shows no figures while the report is not ready
 * (docs/decisions/0010-report-readiness.md).
 */
import { loadAssessment } from './overview.assessment.ts';
import { AppError } from '../../lib/app-error.ts';
import { isoDate, londonDay, londonMidnight, monthOfDay, monthStartDay } from '../../analytics/calendar/london.ts';
import { findCategory } from '../../analytics/categories/taxonomy.ts';
import { listCustomerAccounts } from '../accounts/index.ts';
import { requireCustomer } from '../customers/index.ts';
import {
  getPersonalAffordability,
  getPersonalEvents,
  getPersonalForecast,
  getPersonalInsights,
  getReportReadiness,
} from '../reports/index.ts';
import type { AffordabilityBody, EventsBody, ForecastBody, InsightsBody } from '../reports/index.ts';
import * as repo from './overview.repo.ts';
import type { TransactionRow } from './overview.repo.ts';
import { formatMoney, formatMonth } from './overview.format.ts';
import { RISK_MARKERS } from './overview.markers.ts';
import { reportMonths } from './overview.months.ts';
import type {
  CustomerOverview,
  OverviewAccount,
  OverviewAffordability,
  OverviewCategorySpend,
  OverviewDeps,
  OverviewEvent,
  OverviewReport,
  OverviewRiskMarker,
  OverviewTransaction,
} from './overview.types.ts';

/** Transactions listed under one risk marker (the count says how many there are in all). */
const MARKER_TRANSACTIONS = 20;

const dateOf = (unix: number): string => isoDate(londonDay(unix));

export async function loadCustomerOverview(
  deps: OverviewDeps,
  clientId: string,
  customerId: string,
): Promise<CustomerOverview | null> {
  let customer;
  try {
    customer = await requireCustomer(deps.db, clientId, customerId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'customer_not_found') return null;
    throw err;
  }
  const [accountRows, balanceRows, readiness] = await Promise.all([
    listCustomerAccounts(deps.db, customer.id),
    repo.latestBalances(deps.db, customer.id),
    getReportReadiness(deps.db, clientId, customer.id, 'insights'),
  ]);
  const accounts: OverviewAccount[] = accountRows.map((a) => ({
    id: a.id,
    bank_slug: a.bank_slug,
    name: a.name,
    nickname: a.nickname,
    type: a.type,
    sub_type: a.sub_type,
    currency: a.currency,
    number: a.number,
    sort_code: a.sort_code,
    account_number: a.account_number,
    is_authorized: a.is_authorized,
    balances: balanceRows
      .filter((b) => b.account_id === a.id)
      .map((b) => ({ type: b.type, amount: Number(b.amount), currency: b.currency, date: b.date })),
  }));
  const report = readiness.status === 'ready' ? await loadReport(deps, clientId, customer.id) : null;
  const assessment = report ? await loadAssessment(deps, clientId, customer.id, report.as_of) : null;
  return {
    customer: {
      id: customer.id,
      user_reference: customer.user_reference,
      created_at: Math.floor(new Date(customer.created_at).getTime() / 1000),
    },
    accounts,
    readiness: report ? 'ready' : readiness.status === 'ready' ? 'not_ready' : readiness.status,
    report,
    assessment,
    generated_at: Math.floor(deps.clock.now().getTime() / 1000),
  };
}

interface ReportParts {
  insights: InsightsBody;
  affordability: AffordabilityBody;
  forecast: ForecastBody;
  events: EventsBody;
}

/**
 * The four parts of one computation. A new report may be stored between the reads: the parts are read again
 * until they carry the same as_of (three tries); a report that became not ready meanwhile gives null.
 */
async function readReportParts(deps: OverviewDeps, clientId: string, customerId: string): Promise<ReportParts | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const insights = await getPersonalInsights(deps.db, clientId, customerId);
      const affordability = await getPersonalAffordability(deps.db, clientId, customerId);
      const forecast = await getPersonalForecast(deps.db, clientId, customerId);
      const events = await getPersonalEvents(deps.db, clientId, customerId);
      if (insights.as_of === affordability.as_of && insights.as_of === forecast.as_of)
        return { insights, affordability, forecast, events };
    } catch (err) {
      if (err instanceof AppError && (err.code === 'report_not_ready' || err.code === 'no_data')) return null;
      throw err;
    }
  }
  return null;
}

async function loadReport(deps: OverviewDeps, clientId: string, customerId: string): Promise<OverviewReport | null> {
  const parts = await readReportParts(deps, clientId, customerId);
  if (!parts) return null;
  const { insights, affordability, forecast, events } = parts;
  const currency = insights.income.currency;
  const asOf = insights.as_of;

  const covered = await repo.coveredAccounts(deps.db, customerId, currency, asOf);
  const firsts = covered.map((c) => Number(c.first_booking));
  const lasts = covered.map((c) => Number(c.last_booking));

  const eventTxIds = events.data.flatMap((e) => (e.transaction_id ? [e.transaction_id] : []));
  const lossIds = (insights.employment.income_sources ?? [])
    .filter((s) => s.missed)
    .flatMap((s) => s.transaction_ids.slice(-3));
  const byId = new Map(
    (await repo.transactionsByIds(deps.db, customerId, [...new Set([...eventTxIds, ...lossIds])])).map((t) => [
      t.id,
      toTransaction(t),
    ]),
  );

  return {
    as_of: asOf,
    engine_version: insights.engine_version,
    currency,
    data_window: {
      first_booking_date: firsts.length > 0 ? dateOf(Math.min(...firsts)) : null,
      last_booking_date: lasts.length > 0 ? dateOf(Math.max(...lasts)) : null,
    },
    accounts_covered: covered.map((c) => c.account_id),
    months: reportMonths(insights),
    income_streams: (insights.employment.income_sources ?? []).map((s) => ({
      type: s.type,
      description: s.description,
      frequency: s.frequency,
      amount: s.amount,
      last_payment_date: dateOf(s.last_payment_date),
      next_expected_date: s.next_expected_date === null ? null : dateOf(s.next_expected_date),
      missed: s.missed,
      payment_count: s.transaction_ids.length,
    })),
    spending_by_category: spendingByCategory(insights),
    balance: {
      currency: forecast.currency,
      current_balance: forecast.current_balance,
      history: forecast.history,
      forecast: forecast.forecast,
      first_negative_date: forecast.first_negative_date,
      lowest_balance: forecast.lowest_balance,
      lowest_balance_date: forecast.lowest_balance_date,
    },
    recurring: insights.financial_patterns.recurrence.map((r) => ({
      description: r.description,
      // the report gives the category id; people read its name (docs/categories.md)
      category: r.category === undefined ? null : (findCategory('Personal', r.category)?.name ?? r.category),
      frequency: r.frequency ?? null,
      average_amount: r.average_amount,
      next_expected_date: r.next_expected_date === undefined ? null : dateOf(r.next_expected_date),
      next_expected_amount: r.next_expected_amount ?? null,
      transaction_count: r.transaction_ids.length,
    })),
    risk_markers: await riskMarkers(deps, customerId, insights, lossIds, byId),
    affordability: affordabilityOf(affordability, insights),
    events: events.data.map((e): OverviewEvent => ({
      id: e.id,
      event_type: e.event_type,
      description: e.description,
      amount: e.amount,
      currency: e.currency,
      date: `${e.year}-${String(e.month).padStart(2, '0')}${e.day === undefined ? '' : `-${String(e.day).padStart(2, '0')}`}`,
      is_alert: e.is_alert,
      transaction: (e.transaction_id && byId.get(e.transaction_id)) || null,
    })),
  };
}

function toTransaction(t: TransactionRow): OverviewTransaction {
  return {
    id: t.id,
    date: dateOf(Number(t.booking_date_time)),
    description: t.name,
    amount: Number(t.amount),
    currency: t.currency,
    category: t.category_name,
  };
}

/**
 * The spending categories of the report with their Category Trends (financial_patterns.by_category: mean, lowest and
 * highest monthly total over the last 12 months), largest average first; categories without spending left out.
 */
function spendingByCategory(insights: InsightsBody): OverviewCategorySpend[] {
  const trends = new Map(insights.financial_patterns.by_category.map((t) => [t.category, t]));
  return insights.expenditure.categories
    .flatMap((c) => {
      const t = trends.get(c.name);
      if (!t || (t.mean === 0 && t.max === 0)) return [];
      return [
        {
          name: c.name,
          fixed_flexible: c.fixed_flexible,
          monthly_average: t.mean,
          lowest_month: t.min,
          highest_month: t.max,
        },
      ];
    })
    .sort((a, b) => b.monthly_average - a.monthly_average || a.name.localeCompare(b.name));
}

/** Affordability as endpoint 16 and the report's summary averages give it; nothing averaged here. */
function affordabilityOf(body: AffordabilityBody, insights: InsightsBody): OverviewAffordability | null {
  const records = body.data;
  const first = records[0];
  const latest = records.at(-1);
  if (!first || !latest) return null;
  const currency = first.currency;
  const pick = (r: (typeof records)[number]) => ({ year: r.year, month: r.month, amount: r.amount });
  const sorted = [...records].sort((a, b) => a.amount - b.amount);
  const lowest = sorted[0] ?? first;
  const highest = sorted.at(-1) ?? first;
  const averages = insights.financial_markers.summary_averages;
  return {
    currency,
    months: records.map(pick),
    latest: pick(latest),
    lowest: pick(lowest),
    highest: pick(highest),
    averages: {
      income: averages.average_income,
      fixed_expenditure: averages.average_fixed_exp,
      flexible_expenditure: averages.average_flexible_exp,
    },
    explanation: [
      `Each month's amount is the income received, without loans, less the money spent (after refunds); transfers between the customer's own accounts are left out.`,
      `The covered months run from ${formatMonth(first.year, first.month)} to ${formatMonth(latest.year, latest.month)}; the lowest was ${formatMonth(lowest.year, lowest.month)} (${formatMoney(lowest.amount, currency)}), the highest ${formatMonth(highest.year, highest.month)} (${formatMoney(highest.amount, currency)}).`,
    ],
  };
}

async function riskMarkers(
  deps: OverviewDeps,
  customerId: string,
  insights: InsightsBody,
  lossIds: readonly string[],
  byId: ReadonlyMap<string, OverviewTransaction>,
): Promise<OverviewRiskMarker[]> {
  const asOfMonth = monthOfDay(londonDay(insights.as_of));
  const windowEnd = londonMidnight(monthStartDay(asOfMonth)) - 1;
  const longest = Math.max(...RISK_MARKERS.map((s) => s.months));
  const rows = await repo.transactionsInCategories(
    deps.db,
    customerId,
    [...new Set(RISK_MARKERS.flatMap((s) => s.categoryIds))],
    londonMidnight(monthStartDay(asOfMonth - longest)),
    windowEnd,
  );
  return RISK_MARKERS.map((spec) => {
    const from = londonMidnight(monthStartDay(asOfMonth - spec.months));
    const behind =
      spec.key === 'possible_loss_of_income'
        ? lossIds.flatMap((id) => byId.get(id) ?? []).reverse()
        : rows
            .filter((r) => spec.categoryIds.includes(r.category_id) && Number(r.booking_date_time) >= from)
            .map(toTransaction);
    return {
      key: spec.key,
      label: spec.label,
      raised: spec.raised(insights),
      detail: spec.detail(insights),
      figures: spec.figures?.(insights) ?? null,
      transactions: behind.slice(0, MARKER_TRANSACTIONS),
      transaction_count: behind.length,
    };
  });
}
