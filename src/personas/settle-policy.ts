/** How the settle pass (settle.ts) treats one account: a leaf, so the context and the builders can name it. */
export interface SettlePolicy {
  /** flexible spending is declined when it would take the balance below this (pence; negative = into the overdraft) */
  floorPence: number;
  /** flexible spending also keeps back what the fixed payments of the next this-many days will need */
  reserveDays?: number;
  /** arranged overdraft limit, pence */
  limitPence: number;
  /** the savings account used for sweeps and top-ups */
  savings?: string;
  /** on `day` of each month, money above `abovePence` goes to savings, keeping `keepPence` */
  sweep?: { day: number; abovePence: number; keepPence: number };
  /** a fixed payment that would overdraw the account is covered from savings first */
  topUp?: boolean;
  /** direct debits beyond the limit are returned unpaid */
  returnDirectDebits?: boolean;
  /** overdraft interest (annual rate), unpaid item fee and unarranged overdraft fee */
  charges?: { odRate: number; unpaidFeePence: number; unarrangedFeePence: number };
  /** a monthly account fee (business accounts), pence */
  accountFeePence?: number;
}
