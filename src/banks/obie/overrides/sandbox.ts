/**
 * Sandbox Bank (this service's own simulator, src/sandbox-bank).
 *
 * Like several real banks, it does not send the ISO BankTransactionCode; it describes each transaction with its
 * own ProprietaryBankTransactionCode, issued as "SANDBOX": DD, SO, CARD, FPS, BGC, CASH, TFR, CHG, INT. Those
 * codes are the bank's way of saying what kind of payment it was, so they become our `type` and are not passed on
 * as a proprietary code (they would only repeat the type). Codes of other issuers pass through untouched.
 *
 * Its pending card payments may also book under a new TransactionId (switch "pending-new-id"); nothing here is
 * needed for that: the pull removes a stored Pending transaction that the bank no longer returns.
 */
import type { NormalizedTransaction } from '../../connector.ts';
import type { ObieOverride } from './override.ts';

const TYPE_BY_CODE: Record<string, string> = {
  DD: 'DirectDebit',
  SO: 'StandingOrder',
  CARD: 'CardPayment',
  FPS: 'FasterPayment',
  BGC: 'BankGiroCredit',
  CASH: 'Cash',
  TFR: 'Transfer',
  CHG: 'Charge',
  INT: 'Interest',
};

export const sandboxOverride: ObieOverride = {
  transaction(t: NormalizedTransaction): NormalizedTransaction {
    if (t.bankTransactionIssuer !== 'SANDBOX' || t.bankTransactionCode === null) return t;
    const type = TYPE_BY_CODE[t.bankTransactionCode];
    return type ? { ...t, type, bankTransactionCode: null, bankTransactionIssuer: null } : t;
  },
};
