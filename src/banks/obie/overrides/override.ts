/** The shape of a per-bank override (a leaf, so each bank's file and the index can name it without a cycle). */
import type { NormalizedAccount, NormalizedTransaction } from '../../connector.ts';
import type { Json } from '../read.ts';

export interface ObieOverride {
  account?(account: NormalizedAccount, raw: Json): NormalizedAccount;
  transaction?(transaction: NormalizedTransaction, raw: Json): NormalizedTransaction;
}
