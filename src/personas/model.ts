/**
 * What the persona generator returns. Transactions, statements and parties use the spec's wire names
 * (docs/spec/interface-spec.md: Submitted transaction, Statement, Account party) so that they can be posted to
 * endpoint 10 or served by the sandbox bank as they are.
 */
import type { Label } from './labels.ts';

export type AccountType = 'Personal' | 'Business';

/** One bank account of the persona. */
export interface PersonaAccount {
  /** stable id, the same for the same seed and persona (the sandbox bank can serve it as the Account id) */
  id: string;
  /** the persona's own name for the account: "current", "savings", "business" … */
  key: string;
  bank_slug: string;
  /** owner name(s) as the bank shows them (spec: Account.name), not the product name */
  name: string;
  nickname: string;
  /** CurrentAccount, Savings, … */
  sub_type: string;
  type: AccountType;
  currency: 'GBP';
  /** 6 digits */
  sort_code: string;
  /** 8 digits */
  account_number: string;
  /** sort code + account number (14 digits): what transactions carry in `account_number` and the Account `number` */
  number: string;
  /** balance just before the first transaction returned (GBP, 2 decimals) */
  opening_balance: number;
  /** arranged overdraft limit in GBP, 0 when none */
  overdraft_limit: number;
}

export interface Balance {
  amount: number;
  currency: string;
  /** InterimBooked for booked transactions; InterimAvailable for pending ones (not yet booked by the bank) */
  type: 'InterimBooked' | 'InterimAvailable';
}

/** A transaction in the shape of the spec's Submitted transaction (plus the optional raw-transaction extras). */
export interface GeneratedTransaction {
  /** unique per account, stable for the same seed */
  external_transaction_id: string;
  /** the statement text as the bank writes it */
  name: string;
  type: string | null;
  /** GBP, positive in, negative out, 2 decimals */
  amount: number;
  currency: string;
  status: 'Booked' | 'Pending';
  bank_slug: string;
  /** sort code + account number, 14 digits (PersonaAccount.number) */
  account_number: string;
  /** Unix seconds */
  booking_date_time: number;
  /** Unix seconds */
  value_date_time: number;
  /** running balance of the account after this transaction */
  balance: Balance;
  /** a bank's own category, only for banks that give one (Monzo, Starling) */
  category?: string;
  address_line?: string;
  merchant_details?: { merchant_name?: string; merchant_category_code?: string };
  proprietary_bank_transaction_code?: { code?: string; issuer?: string };
}

export interface StatementAmount {
  CreditDebitIndicator: 'Credit' | 'Debit';
  Type: string;
  Amount: string;
  Currency: string;
}

export interface StatementFeeOrInterest {
  Description?: string[];
  CreditDebitIndicator: 'Credit' | 'Debit';
  Type: string;
  Frequency?: string;
  Amount: string;
  Currency: string;
}

/** Spec "Statement": the nested members are arrays, as the spec says they are delivered. */
export interface Statement {
  AccountId: string;
  StatementId: string;
  StatementReference: string;
  Type: 'RegularPeriodic';
  StartDateTime: string;
  EndDateTime: string;
  CreationDateTime: string;
  StatementDescription: string[];
  StatementAmounts: StatementAmount[];
  StatementDateTimes: Array<{ Type: string; DateTime: string }>;
  StatementFee?: StatementFeeOrInterest[];
  StatementInterest?: StatementFeeOrInterest[];
}

export interface PartyAddress {
  AddressType: string;
  AddressLine: string[];
  StreetName: string;
  BuildingNumber: string;
  PostCode: string;
  TownName: string;
  Country: 'GB';
  CountrySubDivision: string;
}

/** Spec "Account party": one record per account and party. */
export interface AccountParty {
  AccountId: string;
  PartyId: string;
  PartyNumber: string;
  Name: string;
  FullLegalName: string;
  LegalStructure: string;
  PartyType: 'Sole' | 'Joint';
  AccountRole: 'UK.OBIE.Principal';
  EmailAddress: string;
  Mobile: string;
  Address: PartyAddress[];
}

export type IncomeFrequency = 'Monthly' | 'Weekly' | 'Fortnightly' | 'FourWeekly';

/** An income stream that really occurs in the returned transactions. */
export interface IncomeTruth {
  /** employer or payer as the person would name it, e.g. "ACME LOGISTICS LTD" */
  source: string;
  frequency: IncomeFrequency;
  /** the most recent payment, GBP */
  amount: number;
  /** "last working day", "Friday", "17th (earlier on non-working days)", … */
  payDay: string;
  account: string;
  count: number;
  firstPaid: string;
  lastPaid: string;
}

/**
 * What was planted, computed from the transactions actually returned (so it is exact: a marker is true when and
 * only when at least one matching transaction is in the history).
 */
export interface Truth {
  /** the employer that paid most recently; null when no salary in the history */
  salary: IncomeTruth | null;
  /** every employer seen (two for a couple, two for a change of job) */
  salaries: IncomeTruth[];
  pension: { state: IncomeTruth | null; private: IncomeTruth | null } | null;
  benefits: Array<'universal_credit' | 'child_benefit'>;
  housing: 'rent' | 'mortgage' | null;
  councilTax: { council: string; instalments: number } | null;
  utilities: Array<'energy' | 'water' | 'broadband' | 'mobile' | 'tv_licence'>;
  insurance: boolean;
  subscriptions: boolean;
  cashWithdrawals: boolean;
  gambling: boolean;
  paydayLoan: boolean;
  bnpl: boolean;
  debtCollection: boolean;
  returnedDirectDebit: boolean;
  bankCharges: boolean;
  /** a booked balance below zero at some point */
  overdraft: boolean;
  ownTransfers: boolean;
  business: { settlements: string; vat: boolean; payroll: boolean } | null;
  lossOfIncome: { employer: string; lastPaid: string } | null;
  newEmployer: { previous: string; current: string; firstPaid: string } | null;
  /** number of transactions per expected category */
  counts: Partial<Record<Label, number>>;
}

export interface PersonaSummary {
  name: string;
  description: string;
  accountType: AccountType;
  /** the main patterns, for listing (the exact ones are in Persona.truth) */
  plants: string[];
}

export interface Persona {
  name: string;
  description: string;
  accountType: AccountType;
  seed: number;
  /** end of the history, Unix seconds (inclusive) */
  asOf: number;
  /** start of the history, Unix seconds (inclusive) */
  from: number;
  accounts: PersonaAccount[];
  /** all accounts' transactions, oldest first */
  transactions: GeneratedTransaction[];
  /**
   * labels[i] is the category id (docs/categories.md) transactions[i] should be classified as: a ready-made
   * expectation for classifier tests. Kept out of the transactions so those stay in the wire shape.
   */
  labels: Label[];
  statements: Statement[];
  parties: AccountParty[];
  truth: Truth;
}

export interface GenerateOptions {
  /** Unix seconds; the history ends here (nothing after it) */
  asOf: number;
  /** 32-bit unsigned integer; default 1 */
  seed?: number;
  /** length of the history, 0 < years ≤ 5; default 2 (ignored by thin-file personas) */
  years?: number;
  /** serve every account from this bank slug (e.g. "sandbox"); statement texts then use that bank's style */
  bankSlug?: string;
}
