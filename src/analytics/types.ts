/**
 * Plain data the analytics engine works on. The engine is pure: it receives these records and an
 * explicit `asOf` (Unix seconds) and returns plain data; it never reads the clock, the database or the network.
 */

/** Personal or Business, as the spec's Account.type. */
export type AccountType = 'Personal' | 'Business';

/** One account of the customer, as the engine needs it. */
export interface EngineAccount {
  id: string;
  type: AccountType;
  /** ChargeCard, CreditCard, CurrentAccount, EMoney, Loan, Mortgage, PrePaidCard, Savings */
  subType: string;
  currency: string;
  bankSlug: string;
  /** sort code + account number as submitted (digits), used to recognise transfers between own accounts */
  accountNumber: string;
}

/** One transaction, as stored (raw) — the engine's input. */
export interface EngineTransaction {
  id: string;
  accountId: string;
  /** positive = money in, negative = money out, in major units (e.g. 12.5 = £12.50) */
  amount: number;
  currency: string;
  status: 'Booked' | 'Pending';
  /** booking time, Unix seconds (UTC); months and days are read in Europe/London */
  bookedAt: number;
  /** the statement text ("name" on the wire), as the bank wrote it */
  description: string;
  /** bank transaction type when known, e.g. "DirectDebit", "StandingOrder", "CardPayment", "FasterPayment",
   *  "BankGiroCredit", "Cash", "Transfer", "Interest", "Charge"; free text, may be null */
  type: string | null;
  /** ISO 18245 merchant category code, 4 digits, when the bank gave one */
  mcc: string | null;
  merchantName: string | null;
  /** the category the bank or the submitter gave, free text, may be null */
  submittedCategory: string | null;
  /** running balance after the transaction when the bank gave one */
  balance: number | null;
}
