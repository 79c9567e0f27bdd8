import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isImage, parseImageDataUrl } from './image-data-url.ts';

const svg = (s: string) => `data:image/svg+xml;base64,${Buffer.from(s).toString('base64')}`;

test('a PNG or an inert SVG data: URL is taken, with its bytes', () => {
  const ok = parseImageDataUrl(
    svg('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><use href="#a"/></svg>\n'),
  );
  assert.ok(isImage(ok));
  assert.equal(ok.type, 'image/svg+xml');
  const png = parseImageDataUrl(
    `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64')}`,
  );
  assert.ok(isImage(png));
  assert.equal(png.bytes.length, 8);
});

test('anything that could reach outside or run is refused, saying why', () => {
  for (const [s, why] of [
    [svg('<svg><a xlink:href="javascript:alert(1)">x</a></svg>'), /a link outside the image/],
    [svg('<svg><style>@import url(https://x.example/a.css);</style></svg>'), /url\(\) outside the image|@import/],
    [svg('<svg><rect fill="url(https://x.example/#p)"/></svg>'), /url\(\) outside the image/],
    [svg('<!DOCTYPE svg [<!ENTITY x "y">]><svg></svg>'), /not an SVG image|entity/],
    [svg('<svg><SCRIPT>1</SCRIPT></svg>'), /a script/],
    [svg('<svg></svg><script>1</script>'), /not an SVG image|a script/],
  ] as const) {
    const r = parseImageDataUrl(s);
    assert.ok(!isImage(r), s);
    assert.match(r.refused, why, s);
  }
});
