/**
 * Per-bank quirks, one small file per bank slug (CONVENTIONS: "bank quirks as prose in the override file").
 * The generic normaliser (../normalize.ts) reads the standard; an override corrects what one bank does its own way.
 */
import type { NormalizedAccount, NormalizedTransaction } from '../../connector.ts';
import type { Json } from '../read.ts';
import { sandboxOverride } from './sandbox.ts';
import { sandboxBusinessOverride } from './sandbox-business.ts';

export interface ObieOverride {
  account?(account: NormalizedAccount, raw: Json): NormalizedAccount;
  transaction?(transaction: NormalizedTransaction, raw: Json): NormalizedTransaction;
}

const BY_SLUG: Record<string, ObieOverride> = {
  sandbox: sandboxOverride,
  'sandbox-business': sandboxBusinessOverride,
};

export function overrideFor(slug: string): ObieOverride {
  return BY_SLUG[slug] ?? {};
}
