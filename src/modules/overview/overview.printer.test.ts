/**
 * The PDF printer (overview.printer.ts) with a real Chromium: the printed page runs no script and reaches no
 * address, several documents at once all come out, and a closed printer refuses politely.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BROWSER_SKIP, CHROMIUM_PATH } from '../../../test/helpers/browser.ts';
import { PdfPrinter, PdfUnavailableError } from './overview.printer.ts';
import { unprivilegedLauncher } from './chromium-user.ts';

const run = promisify(execFile);

async function textOf(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'obi-printer-'));
  try {
    await writeFile(path.join(dir, 'a.pdf'), pdf);
    return (await run('pdftotext', ['-enc', 'UTF-8', path.join(dir, 'a.pdf'), '-'])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the PDF printer', { skip: BROWSER_SKIP }, async () => {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.end('x');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const printer = new PdfPrinter(CHROMIUM_PATH);
  after(async () => {
    await printer.close();
    await new Promise((resolve) => server.close(resolve));
  });

  test('no script runs and no request leaves the page', async () => {
    const document = `<!doctype html><html><head><link rel="stylesheet" href="${origin}/style.css">
<script>document.addEventListener('DOMContentLoaded', () => { document.body.textContent = 'SCRIPT RAN'; });</script>
</head><body><p>Printed text 42</p><img src="${origin}/image.png"><iframe src="${origin}/frame"></iframe>
<div style="background:url(${origin}/bg.png)">x</div></body></html>`;
    const pdf = await printer.print(document);
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    const text = await textOf(pdf);
    assert.match(text, /Printed text 42/);
    assert.doesNotMatch(text, /SCRIPT RAN/);
    assert.deepEqual(hits, []);
  });

  test(
    'a service running as root never runs Chromium as root: it runs as an unprivileged user',
    {
      skip: process.getuid?.() !== 0 && 'the tests do not run as root here',
    },
    async () => {
      await printer.print('<!doctype html><p>Whose process?</p>');
      // Chromium's own processes, the ones this process started: their real and effective user ids.
      const uids: string[] = [];
      for (const pid of await readdir('/proc')) {
        if (!/^\d+$/.test(pid)) continue;
        const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
        if (!/^Name:\s*chrom/im.test(status)) continue;
        if (status.match(/^PPid:\s*(\d+)/m)?.[1] !== String(process.pid)) continue;
        uids.push(status.match(/^Uid:\s*(.*)$/m)?.[1] ?? '');
      }
      assert.ok(uids.length > 0, 'a Chromium started by this process');
      for (const u of uids)
        assert.ok(
          u.split(/\s+/).every((id) => id !== '0'),
          `Chromium's user ids: ${u}`,
        );
      assert.equal(printer.runsAs, 'nobody');
    },
  );

  test(
    "the root wrapper lives in a directory of its own, root's alone, and is removed with it",
    { skip: process.getuid?.() !== 0 && 'the tests do not run as root here' },
    async () => {
      const launcher = await unprivilegedLauncher(CHROMIUM_PATH);
      assert.ok(launcher.executablePath !== null, 'a wrapper (setpriv and nobody exist on this machine)');
      const dir = path.dirname(launcher.executablePath);
      assert.equal((await stat(dir)).mode & 0o777, 0o700);
      assert.equal((await stat(launcher.executablePath)).uid, 0);
      await launcher.remove();
      await assert.rejects(stat(dir), { code: 'ENOENT' });
    },
  );

  test('four documents printed at once all come out', async () => {
    const pdfs = await Promise.all(
      [1, 2, 3, 4].map((n) => printer.print(`<!doctype html><p>Document number ${n}</p>`)),
    );
    const texts = await Promise.all(pdfs.map(textOf));
    texts.forEach((t, i) => assert.match(t, new RegExp(`Document number ${i + 1}`)));
  });

  test('more documents of one client at once than may wait: the one too many is refused at once, the others come out', async () => {
    const small = new PdfPrinter(CHROMIUM_PATH, { concurrency: 1, queuePerOwner: 2 });
    after(() => small.close());
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, n) => small.print(`<!doctype html><p>Queued ${n}</p>`, 'client-a')),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    assert.equal(refused.length, 1);
    assert.ok(refused[0]?.status === 'rejected' && refused[0].reason instanceof PdfUnavailableError);
    assert.equal(results.at(-1)?.status, 'rejected');
  });

  test('a closed printer refuses with pdf_unavailable', async () => {
    const closed = new PdfPrinter(CHROMIUM_PATH);
    await closed.close();
    await assert.rejects(closed.print('<p>x</p>'), PdfUnavailableError);
  });

  test('a Chromium that does not start: pdf_unavailable, and the next try starts again', async () => {
    const broken = new PdfPrinter('/no/such/chromium');
    await assert.rejects(broken.print('<p>x</p>'), PdfUnavailableError);
    await assert.rejects(broken.print('<p>x</p>'), PdfUnavailableError);
    await broken.close();
  });
});
