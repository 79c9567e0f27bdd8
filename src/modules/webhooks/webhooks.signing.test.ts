import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import { generateWebhookSecret, signatureHeaders, signPayload } from './webhooks.signing.ts';
import { seal, unseal } from '../../lib/sealed-box.ts';

const sealSecret = (key: string, secret: string) => seal(key, 'webhook signing secrets', secret);
const openSecret = (key: string, sealed: string) => unseal(key, 'webhook signing secrets', sealed);

describe('Standard Webhooks signing', () => {
  test('matches the standardwebhooks package, byte for byte', () => {
    const secret = generateWebhookSecret();
    const body = '{"msg":"x","webhook_type":"REPORT_AVAILABLE","customer_id":"c-1"}';
    const at = new Date('2026-06-01T09:00:00Z');
    assert.equal(signPayload(secret, 'msg_1', at.getTime() / 1000, body), new Webhook(secret).sign('msg_1', at, body));
  });

  test('the published test vector of the specification', () => {
    // https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md (example)
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    assert.equal(
      signPayload(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body),
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  test('headers carry the id, the timestamp and the signature', () => {
    const h = signatureHeaders(generateWebhookSecret(), 'msg_2', 1780304400, '{}');
    assert.deepEqual(Object.keys(h), ['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    assert.equal(h['webhook-timestamp'], '1780304400');
  });

  test('secrets are whsec_ + 32 random bytes, never the same twice', () => {
    const a = generateWebhookSecret();
    assert.match(a, /^whsec_/);
    assert.equal(Buffer.from(a.slice(6), 'base64').length, 32);
    assert.notEqual(a, generateWebhookSecret());
  });
});

describe('sealed secrets', () => {
  const key = 'k'.repeat(64);
  test('open what was sealed with the same key', () => {
    const secret = generateWebhookSecret();
    const sealed = sealSecret(key, secret);
    assert.ok(!sealed.includes(secret.slice(6)));
    assert.equal(openSecret(key, sealed), secret);
    assert.notEqual(sealSecret(key, secret), sealed, 'a fresh IV each time');
  });
  test('another key or an altered value does not open', () => {
    const sealed = sealSecret(key, generateWebhookSecret());
    assert.throws(() => openSecret('j'.repeat(64), sealed));
    const parts = sealed.split('.');
    parts[3] = `A${parts[3]!.slice(1)}` === parts[3] ? `B${parts[3]!.slice(1)}` : `A${parts[3]!.slice(1)}`;
    assert.throws(() => openSecret(key, parts.join('.')));
    assert.throws(() => openSecret(key, 'plain'));
  });
});
