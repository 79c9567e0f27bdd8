/**
 * Per-bank quirks, one small file per bank slug (docs/decisions/0022-bank-connectors-and-sandbox.md: the quirk explained in prose).
 * The generic normaliser (../normalize.ts) reads the standard; an override corrects what one bank does its own way.
 */
import type { ObieOverride } from './override.ts';
import { sandboxOverride } from './sandbox.ts';
import { sandboxBusinessOverride } from './sandbox-business.ts';

export type { ObieOverride } from './override.ts';

const BY_SLUG: Record<string, ObieOverride> = {
  sandbox: sandboxOverride,
  'sandbox-business': sandboxBusinessOverride,
};

export function overrideFor(slug: string): ObieOverride {
  return BY_SLUG[slug] ?? {};
}
