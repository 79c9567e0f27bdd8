/** loadConfig's REGULATED_FIRM_NAME and REGULATED_FIRM_FCA_NUMBER (docs/decisions/0055-hosted-pages-no-dead-ends.md). */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from './config.ts';
import { page } from '../web/layout.ts';
import { html } from '../web/html.ts';

const refused = (env: Record<string, string>, key: string) =>
  assert.throws(
    () => loadConfig(env),
    (err: unknown) => err instanceof ConfigError && err.problems.some((p) => p.startsWith(`${key}:`)),
    JSON.stringify(env),
  );

describe('loadConfig › the regulated provider', () => {
  test('unset: none, and the pages name no provider', () => {
    const config = loadConfig({});
    assert.equal(config.regulatedFirm, null);
    assert.doesNotMatch(page({ title: 't', body: html``, firm: config.regulatedFirm }), /class="provider"/);
  });

  test('a name and a 6 or 7 digit number: the footer names the firm, its number and the register', () => {
    for (const number of ['123456', '1234567']) {
      const firm = loadConfig({
        REGULATED_FIRM_NAME: 'Example <Open> Banking Ltd',
        REGULATED_FIRM_FCA_NUMBER: number,
      }).regulatedFirm;
      assert.deepEqual(firm, { name: 'Example <Open> Banking Ltd', fcaNumber: number });
      const out = page({ title: 't', body: html``, firm });
      assert.match(out, /This service is provided by <strong>Example &lt;Open&gt; Banking Ltd<\/strong>/);
      assert.match(out, new RegExp(`firm reference number ${number};`));
      assert.match(
        out,
        new RegExp(`href="https://register\\.fca\\.org\\.uk/s/search\\?q=${number}&amp;type=Companies"`),
      );
    }
    assert.deepEqual(loadConfig({ REGULATED_FIRM_NAME: 'Example Ltd' }).regulatedFirm, {
      name: 'Example Ltd',
      fcaNumber: null,
    });
  });

  test('a number that is not 6 or 7 digits, or a number without a name, is a configuration error', () => {
    for (const n of ['12345', '12345678', 'FRN123456', '123 456'])
      refused({ REGULATED_FIRM_NAME: 'Example Ltd', REGULATED_FIRM_FCA_NUMBER: n }, 'REGULATED_FIRM_FCA_NUMBER');
    refused({ REGULATED_FIRM_FCA_NUMBER: '123456' }, 'REGULATED_FIRM_FCA_NUMBER');
    refused({ REGULATED_FIRM_NAME: 'x'.repeat(201) }, 'REGULATED_FIRM_NAME');
  });
});
