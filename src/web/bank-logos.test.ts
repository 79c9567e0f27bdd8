import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BANKS } from '../banks/registry.ts';
import { contrastRatio, TEXT_CONTRAST } from '../lib/colour-contrast.ts';
import { ASSETS, bankLogoPath } from './assets.ts';
import { bankInitials, bankTileSvg } from './bank-logos.ts';

test('every bank has a logo served by the service: its own file, or its initials on its colour', () => {
  for (const b of BANKS) {
    const path = bankLogoPath(b.slug);
    assert.match(path, new RegExp(`^/connect/assets/bank-${b.slug}\\.[0-9a-f]{12}\\.(svg|png)$`), b.slug);
    assert.ok(ASSETS[path], b.slug);
  }
  assert.match(bankLogoPath('sandbox'), /\.svg$/);
  assert.notEqual(ASSETS[bankLogoPath('sandbox')]?.body, bankTileSvg('Sandbox Bank', '#4b5563'), 'its own file');
  assert.match(bankLogoPath('no-such-bank'), /^\/connect\/assets\/bank-unknown\./);
});

test('the fallback tile’s initials read at 4.5:1 on the bank’s colour, for every bank in the directory', () => {
  for (const b of BANKS) {
    const svg = bankTileSvg(b.name, b.colour);
    const text = /<text [^>]*fill="(#[0-9a-f]{6})"/.exec(svg)?.[1];
    assert.ok(text, b.slug);
    assert.ok(contrastRatio(text, b.colour) >= TEXT_CONTRAST, `${b.slug}: ${text} on ${b.colour}`);
  }
});

test('initials: up to two capitals, escaped in the SVG', () => {
  assert.equal(bankInitials('Bank of Scotland'), 'BS');
  assert.equal(bankInitials('first direct'), 'fi');
  assert.match(bankTileSvg('<>&', '#000000'), />&lt;&gt;<\/text>/, 'a name without letters: its first two characters');
  assert.doesNotMatch(bankTileSvg('<script>', '#000000'), /<script>/);
});
