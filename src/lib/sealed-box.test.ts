import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { seal, SealedBoxError, unseal, unsealOrNull, type SealPurpose } from './sealed-box.ts';

const KEY = 'test-installation-key-0123456789abcdef';

/** Sealed by the three copies of the sealing code this module replaced: stored values must still open. */
const EARLIER: Array<{ purpose: SealPurpose; sealed: string; clear: string }> = [
  {
    purpose: 'connect session tokens',
    sealed: 'v1.qrpvMpGPup8Kej5l.9mSECBDLacbNAY1q13QVvA.azO_y4e2HQt9F_WMheYDLS_vaw7X3hN1ctc93WA',
    clear: 'obi_ut_example-customer-token',
  },
  {
    purpose: 'bank tokens',
    sealed: 'b1.qr5CCAsNeAlEJRqf.eZVQL5n0Zj4EjQMnh1Ac9g.7ra1NpINVfypsq3pWH1vC41YtnH9',
    clear: 'bank-access-token-xyz',
  },
  {
    purpose: 'webhook signing secrets',
    sealed: 'v1.SC_w9FcOTXden5oc.OCrQEfy4pvp_K4_auQXJfA.KmjOXNN2xXwgZpe11lLvapuz03jMi8x7Juiu1xdD',
    clear: 'whsec_c2VjcmV0LXNpZ25pbmcta2V5',
  },
];

describe('sealed box', () => {
  test('values sealed before this module existed still open, each for its own purpose', () => {
    for (const { purpose, sealed, clear } of EARLIER) assert.equal(unseal(KEY, purpose, sealed), clear);
  });

  test('round trip, with a fresh IV each time', () => {
    const a = seal(KEY, 'bank tokens', 'refresh-token');
    const b = seal(KEY, 'bank tokens', 'refresh-token');
    assert.notEqual(a, b);
    assert.equal(unseal(KEY, 'bank tokens', a), 'refresh-token');
    assert.ok(!a.includes('refresh-token'));
  });

  test('another purpose, another key, or an altered value does not open', () => {
    const sealed = seal(KEY, 'connect session tokens', 'obi_ut_abc');
    assert.throws(() => unseal(KEY, 'webhook signing secrets', sealed), SealedBoxError);
    assert.throws(() => unseal(`${KEY}-other`, 'connect session tokens', sealed), SealedBoxError);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    assert.throws(() => unseal(KEY, 'connect session tokens', parts.join('.')), SealedBoxError);
    assert.throws(() => unseal(KEY, 'connect session tokens', 'garbage'), SealedBoxError);
  });

  test('unsealOrNull answers null for a missing or unreadable value', () => {
    assert.equal(unsealOrNull(KEY, 'bank tokens', null), null);
    assert.equal(unsealOrNull(`${KEY}-other`, 'bank tokens', seal(KEY, 'bank tokens', 'x')), null);
    assert.equal(unsealOrNull(KEY, 'bank tokens', seal(KEY, 'bank tokens', 'x')), 'x');
  });
});
