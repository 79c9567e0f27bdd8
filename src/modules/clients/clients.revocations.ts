/**
 * The in-process signal that a client's tokens were revoked (docs/decisions/0031-small-reads-in-one-round-trip.md).
 * The auth module caches verified access tokens for a few seconds; every cached entry carries the count read
 * here before its database lookup, and one whose count is no longer current is not used. A lifecycle change that
 * revokes tokens (disable, rotation, deletion) bumps the count before its transaction and again after the commit,
 * so in this process the next request after the change is verified against the database again, and a lookup that
 * raced the change cannot be cached past it. Other processes on the same PostgreSQL see it when their entries
 * expire.
 */
let revocations = 0;

/** How many revocations this process has seen; compare, never interpret. */
export function tokenRevocationCount(): number {
  return revocations;
}

/** Runs `change` (a transaction that revokes tokens) between two bumps of the count. */
export async function revokingTokens<T>(change: () => Promise<T>): Promise<T> {
  revocations += 1;
  try {
    return await change();
  } finally {
    revocations += 1;
  }
}
