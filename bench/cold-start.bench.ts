/**
 * npm run bench:cold-start — docs/operations.md, "Start-up": a fresh embedded instance answers /health within 3 s.
 *
 * Each round starts the service (src/main.ts, as `npm start` does: development defaults, sandbox bank and workers
 * on) twice against a new temporary DATA_DIR, on a port the OS picks: once making its database from the
 * pre-initialised image, once with OBI_PGLITE_IMAGE=off (initdb, the way every fresh start went before), in
 * alternating order. The time is from spawning the process to the first 200 from /health. The figure is the median
 * of the rounds' ratios (image / initdb), each pair run back to back so a neighbour's burst hits both; the absolute
 * medians are context, set against the 3 s target.
 *
 *   BENCH_ROUNDS (default 5)   OBI_PGLITE_IMAGE: the image to use (default: the one npm install built, or one
 *                              built now into a temporary directory when that is missing or stale)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findImage, pgliteImageDir } from '../src/db/pglite-image.ts';
import { buildServiceImage } from '../scripts/build-pglite-image.ts';
import { loadAverage, median } from './bench-process.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET_MS = 3000;
const DEADLINE_MS = 300_000;
const LISTENING = 'open-banking-insights is listening';
const FROM_IMAGE = 'embedded database: created from the pre-initialised image';
const IMAGE_OFF = 'the pre-initialised image is off';

interface Start {
  /** spawn → first 200 from /health */
  healthMs: number;
  /** spawn → the database made (its log line), from the log's own timestamps */
  databaseMs: number | null;
  fromImage: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function imageDir(): Promise<{ dir: string; note: string }> {
  const dir = pgliteImageDir(process.env.OBI_PGLITE_IMAGE);
  if (dir) {
    const found = findImage(dir);
    if (!('unusable' in found) && found.pending.length === 0) return { dir, note: `${dir} (${found.manifest.file})` };
  }
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-bench-image-'));
  const manifest = await buildServiceImage(temp);
  return { dir: temp, note: `built for this run: ${path.join(temp, manifest.file)}` };
}

/** One fresh start; resolves when /health answers 200, after which the service is stopped and its data removed. */
async function coldStart(image: string | 'off'): Promise<Start> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-cold-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
  Object.assign(env, { LOG_LEVEL: 'info', OBI_PGLITE_IMAGE: image, NODE_ENV: 'development' });
  delete env.DATABASE_URL;
  const spawnedAt = Date.now();
  const started = performance.now();
  const child = spawn(process.execPath, ['src/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let port: number | undefined;
  let databaseMs: number | null = null;
  let fromImage = false;
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      out += `${line}\n`;
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { msg?: string; time?: number; address?: { port?: number } };
      if (entry.msg === LISTENING) port = entry.address?.port;
      if (entry.msg?.startsWith(FROM_IMAGE) || entry.msg?.includes(IMAGE_OFF)) {
        fromImage = entry.msg.startsWith(FROM_IMAGE);
        // initdb's line comes before the database is made: its time is read off the listening line instead
        if (fromImage && entry.time) databaseMs = entry.time - spawnedAt;
      }
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}):\n${out}`);
      if (performance.now() - started > DEADLINE_MS) throw new Error(`no answer from /health:\n${out}`);
      if (port !== undefined) {
        const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return { healthMs: performance.now() - started, databaseMs, fromImage };
      }
      await sleep(5);
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const image = await imageDir();
  console.log(`cold start of a fresh embedded instance, ${ROUNDS} rounds; image: ${image.note}`);
  console.log(`load average at the start: ${loadAverage()} (${os.cpus().length} CPUs)`);
  const withImage: Start[] = [];
  const initdb: Start[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // alternate which goes first, so neither always runs on a machine the other just warmed (or loaded)
    const first = round % 2 === 0 ? 'image' : 'off';
    const a = await coldStart(first === 'image' ? image.dir : 'off');
    const b = await coldStart(first === 'image' ? 'off' : image.dir);
    const [img, off] = first === 'image' ? [a, b] : [b, a];
    if (!img.fromImage || off.fromImage) throw new Error('a start did not make its database the way it was asked to');
    withImage.push(img);
    initdb.push(off);
    ratios.push(img.healthMs / off.healthMs);
    console.log(
      `  round ${round + 1}: image ${img.healthMs.toFixed(0)} ms (database made at ${img.databaseMs ?? '?'} ms), initdb ${off.healthMs.toFixed(0)} ms, ratio ${(img.healthMs / off.healthMs).toFixed(2)}`,
    );
  }
  const img = median(withImage.map((s) => s.healthMs));
  const off = median(initdb.map((s) => s.healthMs));
  console.log(
    `spawn → /health 200, median: from the image ${img.toFixed(0)} ms, by initdb (baseline) ${off.toFixed(0)} ms`,
  );
  console.log(`ratio image / baseline (median of the rounds' ratios): ${median(ratios).toFixed(2)}`);
  console.log(
    `target ≤ ${TARGET_MS} ms: ${img <= TARGET_MS ? 'met' : 'not met'} on this machine, this run (${img.toFixed(0)} ms)`,
  );
  console.log(`load average at the end: ${loadAverage()}`);
}

await main();
