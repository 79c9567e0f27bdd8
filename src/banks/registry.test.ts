import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BANKS, bankLogoSvg } from './registry.ts';
import { contrastRatio } from '../lib/colour-contrast.ts';

// The generated logo of endpoint 4's logo_url and the bank list: its initials must read on the bank's colour.
// 22 px bold is "large text" in WCAG 2.2 (3:1 for AA); the colour chosen is also the better of white and black.
test('every generated bank logo puts its initials in a colour that reads on the brand colour', () => {
  assert.ok(BANKS.length > 5, 'the registry lists the banks');
  for (const bank of BANKS) {
    const svg = bankLogoSvg(bank);
    const background = /<rect [^>]*fill="(#[0-9a-fA-F]{6})"/.exec(svg)?.[1];
    const text = /<text [^>]*fill="(#[0-9a-fA-F]{6})"/.exec(svg)?.[1];
    assert.ok(background && text, `${bank.slug}: a background and a text colour`);
    const ratio = contrastRatio(text, background);
    assert.ok(ratio >= 3, `${bank.slug}: ${text} on ${background} is ${ratio.toFixed(2)}:1`);
    const best = Math.max(contrastRatio('#ffffff', background), contrastRatio('#000000', background));
    assert.ok(ratio >= Math.min(best, 4.5), `${bank.slug}: ${text} is not the readable choice on ${background}`);
  }
});
