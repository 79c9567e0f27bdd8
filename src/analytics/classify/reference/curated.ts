/**
 * Our own curated UK payee lists, combined. They cover what the generated tables cannot (the source READMEs
 * say so): BNPL, payday and other lenders, debt collectors and debt-management firms, energy suppliers,
 * telecoms, insurers, mortgage lenders, DWP/HMRC payments, pension payers, online gambling, and the statement
 * spellings of the everyday merchants. Where a curated name and a generated one coincide, the curated one wins.
 */
import { billGroups } from './curated-bills.ts';
import { creditGroups } from './curated-credit.ts';
import { incomeGroups } from './curated-income.ts';
import { spendingGroups } from './curated-spending.ts';
import type { CuratedGroup } from './curated-group.ts';

export type { CuratedGroup };

export const curatedGroups: readonly CuratedGroup[] = [
  ...creditGroups,
  ...billGroups,
  ...incomeGroups,
  ...spendingGroups,
];
