import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderCustomerSections, scriptJson } from './customer-sections.ts';
import { HOSTILE, overviewFixture } from '../../../test/helpers/overview-fixture.ts';

describe('customer sections › the overview as an HTML fragment', () => {
  const page = renderCustomerSections(overviewFixture());

  test('hostile text comes out inert: no tag, no closing script, no attribute of its own', () => {
    assert.ok(!page.includes(HOSTILE));
    assert.ok(!page.includes('<img'));
    assert.ok(page.includes('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;'));
    // Only the chart JSON blocks open a script element, and each is closed once, by us.
    const opened = page.match(/<script\b[^>]*>/g) ?? [];
    assert.equal(opened.length, 5);
    for (const tag of opened) assert.match(tag, /^<script type="application\/json" id="chart-[a-z-]+">$/);
    assert.equal((page.match(/<\/script>/g) ?? []).length, 5);
  });

  test('no inline style or event handler anywhere', () => {
    // Inside a tag: text outside tags is escaped, so `<` only starts our own markup.
    assert.doesNotMatch(page, /<[^>]*\sstyle=/i);
    assert.doesNotMatch(page, /<style/i);
    assert.doesNotMatch(page, /<[^>]*\son[a-z]+=/i);
  });

  test('each chart: an element with role img and a label, then its option as JSON that parses back', () => {
    for (const id of ['income-expenditure', 'spending-by-category', 'balance', 'affordability', 'risk-markers']) {
      assert.match(page, new RegExp(`<div class="chart" data-chart="${id}" role="img" aria-label="[^"]+"></div>`));
      const json = new RegExp(`<script type="application/json" id="chart-${id}">([^<]*)</script>`).exec(page)?.[1];
      assert.ok(json, id);
      assert.equal(typeof JSON.parse(json), 'object');
    }
  });

  test('scriptJson escapes what could end the block, and parses back to the same value', () => {
    const value = { a: HOSTILE, b: '<!-- & \u2028 \u2029 >' };
    const text = scriptJson(value);
    assert.doesNotMatch(text, /[<>&\u2028\u2029]/);
    assert.deepEqual(JSON.parse(text), value);
  });

  test('tables carry the figures, sortable, with numeric sort values', () => {
    assert.ok((page.match(/<table data-sortable>/g) ?? []).length >= 6);
    assert.match(page, /<td class="num" data-sort-value="2550.5">£2,550.50<\/td>/);
    assert.match(page, /Latest month, May 2026: <strong>£550.50<\/strong>/);
    assert.match(page, /First overdrawn date<\/dt><dd>2 Jun 2026<\/dd>/);
    assert.match(page, /Each month is income less spending\./);
    assert.match(page, /12 Jun 2026/);
  });

  test('a report not ready: says so, shows the accounts, and no figures or charts', () => {
    const fixture = overviewFixture();
    const notReady = renderCustomerSections({ ...fixture, readiness: 'not_ready', report: null });
    assert.match(notReady, /Computing the report from new data/);
    assert.match(notReady, /data-poll-readiness=/, 'follows the progress live');
    assert.doesNotMatch(notReady, /data-chart|Latest month/);
    assert.match(notReady, /Accounts and balances/);
    const noData = renderCustomerSections({ ...fixture, readiness: 'no_data', report: null, accounts: [] });
    assert.match(noData, /no bank data/);
    assert.doesNotMatch(noData, /data-poll-readiness=/);
  });

  test('work under way: the progress in words (rows received), followed live; the previous figures say so', () => {
    const fixture = overviewFixture();
    const since = Date.UTC(2026, 5, 1, 9) / 1000;
    const storing = renderCustomerSections(
      { ...fixture, readiness: 'no_data', report: null },
      { status: 'no_data', processing: { stage: 'storing_submission', rows_received: 100_000, since } },
    );
    assert.match(storing, /Storing 100,000 transactions submitted through the API\. Started 1 Jun 2026, 09:00 UTC\./);
    assert.match(storing, /data-poll-readiness="\/console\/customers\/[^"]+\/readiness\.json"/);
    const pulling = renderCustomerSections(fixture, {
      status: 'ready',
      processing: { stage: 'storing_bank_data', rows_received: null, since },
    });
    assert.match(pulling, /Reading the customer’s data from their bank\./);
    assert.match(pulling, /The figures below are from the previous data until then\./);
    assert.match(pulling, /Latest month/, 'the ready report stays on the page');
    assert.doesNotMatch(renderCustomerSections(fixture), /data-poll-readiness=/, 'ready and idle: no polling');
  });
});
