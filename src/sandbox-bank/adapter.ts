/**
 * oidc-provider's storage for the sandbox bank: one Map per model, in this process only (the bank's memory is
 * in-process anyway, state.ts). Used instead of oidc-provider's development MemoryAdapter, which warns that it is
 * not for production; this one is not either, but says so here rather than on every start.
 *
 * Expiry follows oidc-provider's own timing (expiresIn seconds by the system clock), not the bank's injected
 * clock: tokens and JWTs are checked by the system clock too. `isLive` lets the bank forget an artifact early,
 * e.g. a refresh token whose consent was revoked, so oidc-provider answers invalid_grant by itself.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  /** epoch ms; Infinity when stored without expiresIn */
  expiresAt: number;
}

export interface MemoryStore {
  /** the oidc-provider `adapter` option: a factory of one adapter per model name */
  adapterFor(model: string): Adapter;
}

export function memoryStore(isLive: (model: string, payload: AdapterPayload) => boolean = () => true): MemoryStore {
  const models = new Map<string, Map<string, Entry>>();
  const table = (model: string): Map<string, Entry> => {
    let t = models.get(model);
    if (!t) models.set(model, (t = new Map()));
    return t;
  };
  const byGrant = new Map<string, Set<{ model: string; id: string }>>();

  return {
    adapterFor(model: string): Adapter {
      const t = table(model);
      const read = (id: string): AdapterPayload | undefined => {
        const e = t.get(id);
        if (!e) return undefined;
        if (e.expiresAt <= Date.now() || !isLive(model, e.payload)) {
          t.delete(id);
          return undefined;
        }
        return e.payload;
      };
      const findWhere = (pred: (p: AdapterPayload) => boolean) => {
        for (const [id, e] of t) if (pred(e.payload)) return read(id);
        return undefined;
      };
      return {
        async upsert(id, payload, expiresIn) {
          t.set(id, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
          if (payload.grantId) {
            const set = byGrant.get(payload.grantId) ?? new Set();
            set.add({ model, id });
            byGrant.set(payload.grantId, set);
          }
        },
        find: async (id) => read(id),
        findByUid: async (uid) => findWhere((p) => p.uid === uid),
        findByUserCode: async (userCode) => findWhere((p) => p.userCode === userCode),
        async consume(id) {
          const e = t.get(id);
          if (e) e.payload.consumed = Math.floor(Date.now() / 1000);
        },
        async destroy(id) {
          t.delete(id);
        },
        async revokeByGrantId(grantId) {
          for (const { model: m, id } of byGrant.get(grantId) ?? []) models.get(m)?.delete(id);
          byGrant.delete(grantId);
        },
      };
    },
  };
}
