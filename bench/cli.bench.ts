/**
 * npm run bench:cli — docs/decisions/0033-admin-listener.md: a CLI call takes under 2 s, and works beside the embedded service.
 *
 * Starts the service (src/main.ts, embedded database in a temporary DATA_DIR, PORT=0, the admin listener on a port
 * the OS picks) and times, round after round, each command run as an operator runs it (`npx node …`):
 *   baseline   `npx node -e ''`: the bare start-up of Node through npx
 *   health     `npx node -e "fetch(<service>/health)…"`: a plain HTTP GET by a node one-liner
 *   cli        `npx node src/cli/cli.ts clients list` beside the running service (the admin API path)
 * then stops the service and times `obi clients list` again, now opening the database itself (the direct path, the
 * only one before docs/decisions/0033-admin-listener.md). Prints each median, and the CLI's as a ratio to the
 * baselines measured in the same run; the target is the absolute 2 s.
 *
 *   BENCH_ROUNDS (default 7; the direct path runs max(3, rounds / 2) times)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadAverage, median, startServiceProcess } from './bench-process.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const TARGET_MS = 2000;
const DEADLINE_MS = 300_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-bench-cli-'));
const env = {
  ...process.env,
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  OBI_ADMIN_TOKEN: '',
  OBI_ADMIN_URL: '',
  PORT: '0',
  LOG_LEVEL: 'info',
  npm_config_update_notifier: 'false',
};

/** Runs a command to its end; resolves with the wall time, or rejects with its output when it fails. */
function timed(args: string[]): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { env: { ...env, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`${args.join(' ')}: exit ${code}\n${out}`)),
    );
  });
}

const startService = () => startServiceProcess(env, DEADLINE_MS);

async function main(): Promise<void> {
  process.stdout.write(
    `bench:cli — ${ROUNDS} rounds, load average ${loadAverage()}, ${os.availableParallelism()} cores\n`,
  );
  const svc = await startService();
  const healthOneLiner = `fetch('${svc.baseUrl}/health').then((r) => r.text()).then(() => process.exit(0))`;
  const times = { baseline: [] as number[], health: [] as number[], cli: [] as number[], direct: [] as number[] };
  try {
    if (!fs.existsSync(path.join(dataDir, 'admin.json')))
      throw new Error('no discovery file: the admin listener is not up');
    await timed(['node', 'src/cli/cli.ts', 'clients', 'create', '--name', 'Bench Lender']);
    await timed(['node', 'src/cli/cli.ts', 'clients', 'list']); // warm the file cache once
    for (let round = 0; round < ROUNDS; round++) {
      times.baseline.push(await timed(['node', '-e', '']));
      times.health.push(await timed(['node', '-e', healthOneLiner]));
      times.cli.push(await timed(['node', 'src/cli/cli.ts', 'clients', 'list']));
    }
  } finally {
    await svc.stop();
  }
  try {
    for (let round = 0; round < Math.max(3, Math.ceil(ROUNDS / 2)); round++)
      times.direct.push(await timed(['node', 'src/cli/cli.ts', 'clients', 'list']));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])) as Record<
    keyof typeof times,
    number
  >;
  const ms = (x: number) => `${Math.round(x)} ms`;
  const row = (label: string, key: keyof typeof times) =>
    `  ${label.padEnd(58)} ${ms(m[key]).padStart(8)}   (${times[key].map((t) => Math.round(t)).join(', ')})\n`;
  process.stdout.write(
    `medians (all through npx node):\n` +
      row("baseline: npx node -e ''", 'baseline') +
      row('baseline: a node one-liner GET /health', 'health') +
      row('obi clients list beside the service (admin API)', 'cli') +
      row('obi clients list, no service (direct: opens the database)', 'direct') +
      `cli / bare start-up: ${(m.cli / m.baseline).toFixed(2)}×; cli / GET /health one-liner: ${(m.cli / m.health).toFixed(2)}×; ` +
      `direct / cli: ${(m.direct / m.cli).toFixed(1)}×\n` +
      `target: under ${TARGET_MS} ms — ${m.cli < TARGET_MS ? 'met' : 'NOT met'} (load average now ${loadAverage()})\n`,
  );
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
