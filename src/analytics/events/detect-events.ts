/**
 * Events and alerts (endpoint 17): every detector's findings over the whole history, turned into the spec's
 * Event record. percentage_change is, as the spec defines it, the change of `amount` against the previous event
 * of the same type (omitted for the first, or when the previous amount is 0). Only events in the 12 complete
 * months before asOf's month and this month are returned, oldest first: older ones would all be "new" to a lender
 * seeing the customer for the first time, and tell nothing a marker does not.
 */
import { civilFromDay, yearOfMonth, monthOfMonth } from '../calendar/london.ts';
import type { IncomeStream } from '../employment/income-streams.ts';
import { transactionOf } from '../ledger/ledger.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { MonthMatrix } from '../ledger/month-matrix.ts';
import { round2 } from '../money.ts';
import type { Recurrence } from '../recurrence/find-recurring.ts';
import type { EventRecord } from '../report-types.ts';
import type { EventDraft } from './event-draft.ts';
import { eventId } from './event-id.ts';
import { eventType } from './event-types.ts';
import { incomeDrops, missingIncome, newIncomeSources } from './income-events.ts';
import { gamblingIncreases, largeOneOffs, monthlyEvents, transactionEvents } from './spending-events.ts';

export interface EventInputs {
  ledger: Ledger;
  matrix: MonthMatrix;
  streams: readonly IncomeStream[];
  recurrence: Recurrence;
  /** average monthly income without loans over the 12 complete months */
  averageIncome: number;
}

function periodOf(draft: EventDraft): string {
  if (draft.day !== null) {
    const c = civilFromDay(draft.day);
    return `${c.year}-${c.month}-${c.day}`;
  }
  return `${yearOfMonth(draft.month)}-${monthOfMonth(draft.month)}`;
}

function sortKey(draft: EventDraft): number {
  return draft.day ?? Number.MAX_SAFE_INTEGER;
}

function toRecord(draft: EventDraft, ledger: Ledger, previous: EventDraft | undefined): EventRecord {
  const type = eventType(draft.type);
  const record: EventRecord = {
    id: eventId(draft.type, draft.subject, periodOf(draft)),
    event_type: draft.type,
    account_type: 'Personal',
    year: yearOfMonth(draft.month),
    month: monthOfMonth(draft.month),
    description: draft.description,
    amount: draft.amount,
    currency: ledger.currency,
    granularity: draft.day === null ? 'MONTHLY' : 'DAILY',
    is_alert: type.isAlert,
    is_event: !type.isAlert,
  };
  if (draft.day !== null) record.day = civilFromDay(draft.day).day;
  if (draft.threshold !== undefined) record.threshold = draft.threshold;
  if (draft.higherThanThreshold !== undefined) record.higher_than_threshold = draft.higherThanThreshold;
  if (draft.row !== undefined) record.transaction_id = transactionOf(ledger, draft.row).id;
  if (previous !== undefined && previous.amount !== 0) {
    record.percentage_change = round2((100 * (draft.amount - previous.amount)) / Math.abs(previous.amount));
  }
  return record;
}

export function detectEvents(inputs: EventInputs): EventRecord[] {
  const { ledger, matrix, streams, recurrence } = inputs;
  const drafts = [
    ...missingIncome(ledger, streams),
    ...newIncomeSources(ledger, streams),
    ...incomeDrops(ledger, matrix),
    ...transactionEvents(ledger),
    ...monthlyEvents(ledger, matrix),
    ...gamblingIncreases(ledger, matrix),
    ...largeOneOffs(ledger, recurrence, inputs.averageIncome),
  ];
  // Chronological: by month, then day (a month's summary after its days), then type and subject for a stable order.
  drafts.sort(
    (a, b) =>
      a.month - b.month ||
      sortKey(a) - sortKey(b) ||
      (a.type < b.type ? -1 : a.type > b.type ? 1 : 0) ||
      (a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0),
  );
  const previousOfType = new Map<string, EventDraft>();
  const records: EventRecord[] = [];
  const fromMonth = ledger.asOfMonth - 12;
  for (const draft of drafts) {
    if (draft.month >= fromMonth) records.push(toRecord(draft, ledger, previousOfType.get(draft.type)));
    previousOfType.set(draft.type, draft);
  }
  return records;
}
