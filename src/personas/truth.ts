/**
 * The truth is read back from the transactions actually returned, never from what a persona meant to plant:
 * a marker is present exactly when a matching transaction is in the window (a short history can lose the
 * council tax months or the last payday loan, and the truth says so).
 */
import { itemAt } from '../lib/indexing.ts';
import type { Ctx, Draft } from './context.ts';
import type { Assembled } from './assemble.ts';
import type { Label } from './labels.ts';
import type { IncomeTruth, Truth } from './model.ts';
import { isoDate, londonDay } from './calendar.ts';

interface Stream {
  first: Draft;
  last: Draft;
  count: number;
}

function incomeTruth(ctx: Ctx, source: string, s: Stream): IncomeTruth {
  const meta = ctx.incomes.get(source);
  return {
    source,
    frequency: meta?.frequency ?? 'Monthly',
    amount: s.last.pence / 100,
    payDay: meta?.payDay ?? 'unknown',
    account: s.last.account,
    count: s.count,
    firstPaid: isoDate(londonDay(s.first.ts)),
    lastPaid: isoDate(londonDay(s.last.ts)),
  };
}

function track(streams: Map<string, Stream>, d: Draft): void {
  const key = d.source ?? '';
  const s = streams.get(key);
  if (s) {
    s.last = d;
    s.count++;
  } else streams.set(key, { first: d, last: d, count: 1 });
}

export function readTruth(ctx: Ctx, a: Assembled): Truth {
  const counts: Partial<Record<Label, number>> = {};
  const patterns = new Set<string>();
  const salaryStreams = new Map<string, Stream>();
  const stateStreams = new Map<string, Stream>();
  const privateStreams = new Map<string, Stream>();
  const personal = new Set(a.accounts.filter((x) => x.type === 'Personal').map((x) => x.key));
  let rent = false;
  let mortgage = false;
  let penalties = false;
  let settlements: Draft | undefined;
  for (const d of a.drafts) {
    counts[d.label] = (counts[d.label] ?? 0) + 1;
    if (d.pattern) patterns.add(d.pattern);
    if (d.label === 'salary') track(salaryStreams, d);
    else if (d.pattern === 'state_pension') track(stateStreams, d);
    else if (d.pattern === 'private_pension') track(privateStreams, d);
    else if (d.label === 'rent' && personal.has(d.account)) rent = true;
    else if (d.label === 'mortgage' && personal.has(d.account)) mortgage = true;
    else if (d.label === 'bank_charges' && d.pattern !== 'account_fee') penalties = true;
    else if (d.label === 'card_settlements' && !settlements) settlements = d;
  }
  const has = (l: Label): boolean => (counts[l] ?? 0) > 0;

  const salaries = [...salaryStreams]
    .map(([s, st]) => incomeTruth(ctx, s, st))
    .sort((x, y) => x.lastPaid.localeCompare(y.lastPaid) || x.source.localeCompare(y.source));
  const first = (m: Map<string, Stream>): IncomeTruth | null => {
    for (const [k, s] of m) return incomeTruth(ctx, k, s);
    return null;
  };
  const pension =
    stateStreams.size || privateStreams.size ? { state: first(stateStreams), private: first(privateStreams) } : null;

  const benefits: Truth['benefits'] = [];
  if (has('universal_credit')) benefits.push('universal_credit');
  if (has('child_benefit')) benefits.push('child_benefit');
  const utilities: Truth['utilities'] = [];
  if (has('energy')) utilities.push('energy');
  if (has('water')) utilities.push('water');
  for (const p of ['broadband', 'mobile', 'tv_licence'] as const) if (patterns.has(p)) utilities.push(p);

  const overdraft = a.balances.some((bal, i) => bal < 0 && itemAt(a.transactions, i).status === 'Booked');

  const lostJob = ctx.lossOfIncome;
  const lastOfLost = lostJob ? salaries.find((s) => s.source === lostJob) : undefined;
  const ne = ctx.newEmployer;
  const prevJob = ne ? salaries.find((s) => s.source === ne.previous) : undefined;
  const newJob = ne ? salaries.find((s) => s.source === ne.current) : undefined;

  return {
    salary: salaries.at(-1) ?? null,
    salaries,
    pension,
    benefits,
    housing: mortgage ? 'mortgage' : rent ? 'rent' : null,
    councilTax: has('council_tax') ? { council: ctx.town.council, instalments: counts.council_tax ?? 0 } : null,
    utilities,
    insurance: has('insurance'),
    subscriptions: has('subscriptions'),
    cashWithdrawals: has('cash_withdrawal'),
    gambling: has('gambling') || has('gambling_winnings'),
    paydayLoan: has('payday_loan_income') || has('payday_loan_repayments'),
    bnpl: has('bnpl'),
    debtCollection: has('debt_collection'),
    returnedDirectDebit: has('returned_direct_debit'),
    bankCharges: penalties,
    overdraft,
    ownTransfers: has('internal_transfer_in') || has('internal_transfer_out'),
    business: settlements
      ? { settlements: settlements.source ?? '', vat: has('hmrc_vat'), payroll: has('payroll') }
      : null,
    lossOfIncome: lastOfLost ? { employer: lastOfLost.source, lastPaid: lastOfLost.lastPaid } : null,
    newEmployer:
      prevJob && newJob ? { previous: prevJob.source, current: newJob.source, firstPaid: newJob.firstPaid } : null,
    counts,
  };
}
