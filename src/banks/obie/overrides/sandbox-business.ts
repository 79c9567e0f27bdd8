/**
 * Sandbox Business Bank: the sandbox bank's business side, with its transaction codes (see sandbox.ts).
 *
 * It also reports every account as AccountType "Personal", as some business banks' APIs do (they were built for
 * retail customers first). Every account it holds is a business account, so the type is set here.
 */
import type { NormalizedAccount } from '../../connector.ts';
import type { ObieOverride } from './override.ts';
import { sandboxOverride } from './sandbox.ts';

export const sandboxBusinessOverride: ObieOverride = {
  ...sandboxOverride,
  account(a: NormalizedAccount): NormalizedAccount {
    return { ...a, type: 'Business' };
  },
};
