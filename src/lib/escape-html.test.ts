import assert from 'node:assert/strict';
import { test } from 'node:test';
import { escapeHtml } from './escape-html.ts';

test('escapeHtml turns the five markup characters into entities and leaves the rest', () => {
  assert.equal(
    escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`),
    '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
  );
  assert.equal(escapeHtml('Café £12.50'), 'Café £12.50');
});
