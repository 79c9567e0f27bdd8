import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BANKS } from '../banks/registry.ts';
import { contrastRatio, TEXT_CONTRAST } from '../lib/colour-contrast.ts';
import { ASSETS, bankLogoPath } from './assets.ts';
import { bankInitials, bankTileSvg, SIMPLE_ICON_OF, simpleIconPath } from './bank-logos.ts';

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

test('banks simple-icons covers show their own mark; the rest keep their initials tile', () => {
  for (const b of BANKS) {
    const body = String(ASSETS[bankLogoPath(b.slug)]?.body);
    const icon = SIMPLE_ICON_OF[b.slug];
    if (b.slug === 'sandbox' || b.slug.startsWith('sandbox-')) continue;
    if (icon) {
      assert.match(body, /<path transform="translate\(14 14\) scale\(1\.5\)" fill="#[0-9a-f]{6}" d="[Mm]/, b.slug);
      const mark = /<path [^>]*fill="(#[0-9a-f]{6})"/.exec(body)?.[1] ?? '';
      assert.ok(contrastRatio(mark, b.colour) >= TEXT_CONTRAST, `${b.slug}: ${mark} on ${b.colour}`);
    } else assert.equal(body, bankTileSvg(b.name, b.colour), b.slug);
  }
  // Brands whose simple-icons namesake is another firm's mark keep their tiles.
  for (const slug of ['coop-bank', 'metro-bank', 'tesco-bank', 'virgin-money'])
    assert.equal(SIMPLE_ICON_OF[slug], undefined);
  assert.equal(Object.keys(SIMPLE_ICON_OF).length, 11);
});

test('an icon the package marks with another licence than CC0 is refused, not shipped', () => {
  assert.throws(
    () => simpleIconPath('monzo', [{ slug: 'monzo', license: { type: 'CC-BY-4.0' } }]),
    /under CC-BY-4\.0, not CC0/,
  );
  assert.throws(() => simpleIconPath('no-such-icon', []), /simple-icons has no icon "no-such-icon"/);
  assert.match(simpleIconPath('monzo', [{ slug: 'monzo' }]), /^[Mm][0-9.]/);
});
