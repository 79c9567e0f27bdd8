/**
 * The event types of endpoint 17. Decisions, Analytics: "Event types are ours to define (only PENSION_MISSING is
 * known); each has a stable name, a description, whether it is an alert, its threshold when it has one".
 * Names are stable (clients store them): add new ones, never rename. docs/analytics.md, "Events", lists them
 * with their rules; this table is the source the tests check that list against.
 */
import type { Granularity } from '../report-types.ts';

export interface EventType {
  readonly name: string;
  readonly description: string;
  /** an alert is a risk signal for the lender; the rest are regular events (is_event) */
  readonly isAlert: boolean;
  readonly granularity: Granularity;
  /** how the threshold is set, when the type has one */
  readonly threshold: string | null;
}

const types = [
  {
    name: 'SALARY_MISSING',
    isAlert: true,
    granularity: 'DAILY',
    threshold: null,
    description: 'A regular salary was not received within the tolerance of a date its schedule expected it on.',
  },
  {
    name: 'PENSION_MISSING',
    isAlert: true,
    granularity: 'DAILY',
    threshold: null,
    description: 'A regular pension (State Pension, annuity, occupational pension) was not received when expected.',
  },
  {
    name: 'BENEFIT_MISSING',
    isAlert: true,
    granularity: 'DAILY',
    threshold: null,
    description: 'A regular benefit payment (Universal Credit, Child Benefit, ...) was not received when expected.',
  },
  {
    name: 'NEW_INCOME_SOURCE',
    isAlert: false,
    granularity: 'DAILY',
    threshold: null,
    description:
      'The first payment of a new regular salary, pension or benefit, more than 35 days after the data begins.',
  },
  {
    name: 'INCOME_DROP',
    isAlert: true,
    granularity: 'MONTHLY',
    threshold: '70 % of the average monthly income of the 6 months before',
    description:
      'Average monthly income without loans over a complete month and the 2 before it fell below 70 % of the average of the (up to) 6 months before those.',
  },
  {
    name: 'LARGE_ONE_OFF_INCOME',
    isAlert: false,
    granularity: 'DAILY',
    threshold: 'the larger of 500 and half the average monthly income',
    description:
      'Money in at or above the threshold that is not recurring and not a salary, pension, benefit, loan, own transfer or refund.',
  },
  {
    name: 'LARGE_ONE_OFF_EXPENSE',
    isAlert: false,
    granularity: 'DAILY',
    threshold: 'the larger of 500 and half the average monthly income',
    description: 'Spending (not recurring, not an own transfer) at or above the threshold.',
  },
  {
    name: 'NEW_LOAN',
    isAlert: true,
    granularity: 'DAILY',
    threshold: null,
    description:
      'Money received from a mainstream lender (personal loan, car finance, credit card money transfer, mortgage advance).',
  },
  {
    name: 'NEW_PAYDAY_LOAN',
    isAlert: true,
    granularity: 'DAILY',
    threshold: null,
    description: 'Money received from a payday or other high-cost short-term lender.',
  },
  {
    name: 'NEW_BNPL',
    isAlert: true,
    granularity: 'DAILY',
    threshold: null,
    description:
      'The first instalment of a new buy-now-pay-later plan: a payment to a BNPL provider for a shop with none in the 45 days before.',
  },
  {
    name: 'GAMBLING_INCREASE',
    isAlert: true,
    granularity: 'MONTHLY',
    threshold: '1.5 × the average monthly gambling of the 3 months before',
    description:
      "A complete month's gambling spend was at least 100 and above 1.5 times the average of the 3 months before it.",
  },
  {
    name: 'RETURNED_DIRECT_DEBIT',
    isAlert: true,
    granularity: 'DAILY',
    threshold: null,
    description: 'A direct debit or standing order was returned unpaid.',
  },
  {
    name: 'UNARRANGED_OVERDRAFT',
    isAlert: true,
    granularity: 'DAILY',
    threshold: null,
    description: 'The bank charged a fee or interest for an unarranged (unauthorised, unplanned) overdraft.',
  },
  {
    name: 'BANK_CHARGES',
    isAlert: true,
    granularity: 'MONTHLY',
    threshold: null,
    description: 'Bank penalties (unpaid item fees, overdraft fees and interest, account charges) in a complete month.',
  },
  {
    name: 'DEBT_COLLECTION',
    isAlert: true,
    granularity: 'MONTHLY',
    threshold: null,
    description: 'Payments to debt collection agencies or debt purchasers in a complete month.',
  },
  {
    name: 'DEBT_MANAGEMENT',
    isAlert: true,
    granularity: 'MONTHLY',
    threshold: null,
    description: 'Payments to a debt management plan, IVA or debt charity in a complete month.',
  },
] as const satisfies readonly EventType[];

export type EventTypeName = (typeof types)[number]['name'];

export const EVENT_TYPES: readonly EventType[] = Object.freeze(types.map((t) => Object.freeze({ ...t })));

const byName = new Map<string, EventType>(EVENT_TYPES.map((t) => [t.name, t]));

export function eventType(name: EventTypeName): EventType {
  const type = byName.get(name);
  // Cannot happen: EventTypeName is read from the same list.
  if (type === undefined) throw new Error(`unknown event type ${name}`);
  return type;
}
