import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  contrastRatio,
  darkestNeeded,
  formatRatio,
  readableTextOn,
  relativeLuminance,
  TEXT_CONTRAST,
} from './colour-contrast.ts';

test('relative luminance and contrast follow WCAG 2.x', () => {
  assert.equal(relativeLuminance('#000000'), 0);
  assert.equal(relativeLuminance('#FFFFFF'), 1);
  assert.equal(contrastRatio('#000000', '#ffffff'), 21);
  assert.equal(contrastRatio('#ffffff', '#000000'), 21, 'order does not matter');
  // Reference values (WebAIM contrast checker): #767676 on white is the lightest grey at 4.5:1.
  assert.equal(formatRatio(contrastRatio('#767676', '#ffffff')), '4.54:1');
  assert.equal(formatRatio(contrastRatio('#777777', '#ffffff')), '4.47:1');
  assert.equal(formatRatio(contrastRatio('#1d4ed8', '#ffffff')), '6.70:1');
});

test('formatRatio rounds down, so a failing ratio never reads as passing', () => {
  assert.equal(formatRatio(4.4999), '4.49:1');
  assert.equal(formatRatio(21), '21.00:1');
});

test('darkestNeeded finds the lightest darker shade that passes against every background', () => {
  const shade = darkestNeeded('#00aeef', ['#ffffff', '#f3f4f6']);
  assert.ok(contrastRatio(shade, '#f3f4f6') >= TEXT_CONTRAST);
  assert.ok(contrastRatio(shade, '#ffffff') >= TEXT_CONTRAST);
  assert.equal(darkestNeeded('#1d4ed8', ['#ffffff']), '#1d4ed8', 'a passing colour is kept');
});

test('readableTextOn picks white or near-black text that reads at 4.5:1 on any colour', () => {
  assert.equal(readableTextOn('#1d4ed8'), '#ffffff');
  assert.equal(readableTextOn('#ffd700'), '#111827');
  for (let v = 0; v < 256; v += 5) {
    for (const hex of [
      `#${v.toString(16).padStart(2, '0').repeat(3)}`,
      `#ff${v.toString(16).padStart(2, '0')}00`,
      `#00${v.toString(16).padStart(2, '0')}ff`,
    ])
      assert.ok(contrastRatio(readableTextOn(hex), hex) >= TEXT_CONTRAST, hex);
  }
});
