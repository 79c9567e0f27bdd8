/**
 * What the benchmarks that run the service as a separate process share (cli, docs-ui, cold-start): the median of a
 * run's samples, the load average to print beside them, and starting src/main.ts until it says it listens.
 * Node built-ins only, so that importing it costs a benchmark nothing it measures.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';

/** The middle sample (the mean of the two middle ones for an even count). */
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const LISTENING = 'open-banking-insights is listening';

/**
 * Starts `node src/main.ts` with `env` (its PORT should be 0 and its LOG_LEVEL at least info) and resolves when its
 * log says it listens, with the port from that line; rejects with the output when it exits first or takes longer
 * than `deadlineMs` (and then stops it).
 */
export async function startServiceProcess(
  env: NodeJS.ProcessEnv,
  deadlineMs: number,
): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['src/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    // A service that did not say it listens in time is stopped, not left running beside the next measurements.
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`the service did not start:\n${out}`));
    }, deadlineMs);
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      for (const line of out.split('\n')) {
        if (!line.includes(LISTENING)) continue;
        clearTimeout(timer);
        resolve((JSON.parse(line) as { address: { port: number } }).address.port);
      }
    });
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`the service exited (${code}):\n${out}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
