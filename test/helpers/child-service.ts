/**
 * The service as a child process (src/main.ts), for tests that must really kill it. It listens on a port the OS
 * picks (PORT=0): the port is read back from its "open-banking-insights is listening" log line, then /health is
 * polled until it answers. Both waits have a deadline of minutes and stop at once if the child exits; a child that
 * fails to start fails the test with its own output.
 */
import { TEST_LIMITS } from './app.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { DEADLINE_MS, waitFor } from './wait.ts';

export interface ChildService {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** the child's stdout and stderr so far (the last 64 KiB), for failure messages */
  output(): string;
  /** Sends the signal and resolves with the exit code (null when a signal ended it). */
  stop(signal: NodeJS.Signals): Promise<number | null>;
}

const OUTPUT_KEEP = 64 * 1024;
const LISTENING = 'open-banking-insights is listening';

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** The bound port from one pino JSON line, if it is the service's listening line. */
function listeningPort(line: string): number | undefined {
  if (!line.includes(LISTENING)) return undefined;
  try {
    const entry = JSON.parse(line) as { msg?: string; address?: { port?: number } };
    return entry.msg === LISTENING ? entry.address?.port : undefined;
  } catch {
    return undefined;
  }
}

/** Starts src/main.ts with the given environment (on top of this process's) and waits until it answers /health. */
export async function startChildService(
  env: Record<string, string>,
  opts: { deadlineMs?: number } = {},
): Promise<ChildService> {
  const child = spawn(process.execPath, ['src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      // Counters in a shared test database are shared with every other test's services (test/helpers/app.ts).
      ...TEST_LIMITS,
      ...env,
      PORT: '0',
      // info: the listening line carries the bound port
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let port: number | undefined;
  let partial = '';
  const keep = (text: string) => {
    out += text;
    if (out.length > 2 * OUTPUT_KEEP) out = out.slice(-OUTPUT_KEEP);
  };
  // Always read both pipes: a child whose pipe is full blocks on its next log line.
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    keep(text);
    if (port !== undefined) return;
    const lines = (partial + text).split('\n');
    partial = lines.pop()!;
    for (const line of lines) port ??= listeningPort(line);
  });
  child.stderr!.on('data', (chunk: Buffer) => keep(chunk.toString('utf8')));
  const output = () => out.slice(-OUTPUT_KEEP);
  const stop = (signal: NodeJS.Signals) => {
    const done = exited(child);
    child.kill(signal);
    return done;
  };
  const deadlineMs = opts.deadlineMs ?? DEADLINE_MS;
  const giveUp = () =>
    child.exitCode !== null || child.signalCode !== null
      ? `the child exited (code ${child.exitCode}, signal ${child.signalCode})`
      : undefined;
  try {
    const bound = await waitFor(() => port, { what: 'the child service to log its port', deadlineMs, giveUp });
    const baseUrl = `http://127.0.0.1:${bound}`;
    // One check may hang on a stalled child; it is abandoned after a while and the next one tried.
    const health = async () => (await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(30_000) })).ok;
    await waitFor(health, {
      what: `the child service to answer ${baseUrl}/health`,
      deadlineMs,
      giveUp,
    });
    return { child, port: bound, baseUrl, output, stop };
  } catch (err) {
    await stop('SIGKILL');
    throw new Error(`${(err as Error).message}\n--- child output ---\n${output()}`, { cause: err });
  }
}
