/** Builders for the classifier's tests: a transaction or an account with defaults, overridden per test. */
import type { EngineAccount, EngineTransaction } from '../../src/analytics/types.ts';

let nextId = 0;

export function aTransaction(overrides: Partial<EngineTransaction> = {}): EngineTransaction {
  nextId++;
  return {
    id: `tx${nextId}`,
    accountId: 'current',
    amount: -10,
    currency: 'GBP',
    status: 'Booked',
    bookedAt: 1_704_067_200, // 2024-01-01
    description: 'SOMETHING',
    type: null,
    mcc: null,
    merchantName: null,
    submittedCategory: null,
    balance: null,
    ...overrides,
  };
}

export function anAccount(overrides: Partial<EngineAccount> = {}): EngineAccount {
  return {
    id: 'current',
    type: 'Personal',
    subType: 'CurrentAccount',
    currency: 'GBP',
    bankSlug: 'sandbox',
    accountNumber: '20000012345678',
    ...overrides,
  };
}

export const DAY = 86_400;
