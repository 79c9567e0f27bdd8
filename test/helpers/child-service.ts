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
  /** what was spawned: node itself, or npm when started as `npm start` (then node is npm's child) */
  child: ChildProcess;
  /** the service's own process id, from its listening line (npm's child's when started as `npm start`) */
  pid: number;
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

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** The bound port and the process id from one pino JSON line, if it is the service's listening line. */
function listening(line: string): { port: number; pid: number } | undefined {
  if (!line.includes(LISTENING)) return undefined;
  try {
    const entry = JSON.parse(line) as { msg?: string; pid?: number; address?: { port?: number } };
    const port = entry.address?.port;
    return entry.msg === LISTENING && port !== undefined && entry.pid !== undefined
      ? { port, pid: entry.pid }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How the child is started: `node src/main.ts [args]`, or `npm start [-- args]` as a container would (npm, not
 * node, then receives the signals the test sends, as it would from `docker stop`).
 */
function spawnService(env: NodeJS.ProcessEnv, opts: { npmStart?: boolean; args?: string[] }): ChildProcess {
  const args = opts.args ?? [];
  const stdio = ['ignore', 'pipe', 'pipe'] as const;
  if (!opts.npmStart) return spawn(process.execPath, ['src/main.ts', ...args], { env, stdio: [...stdio] });
  const npmArgs = ['start', ...(args.length > 0 ? ['--', ...args] : [])];
  return spawn('npm', npmArgs, { env: { ...env, npm_config_update_notifier: 'false' }, stdio: [...stdio] });
}

/**
 * Starts src/main.ts with the given environment (on top of this process's) and waits until it answers /health.
 * `npmStart`: through `npm start`, the way the README and a container start it; `args`: command-line arguments.
 */
export async function startChildService(
  env: Record<string, string>,
  opts: { deadlineMs?: number; npmStart?: boolean; args?: string[] } = {},
): Promise<ChildService> {
  const child = spawnService(
    {
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
    opts,
  );
  let out = '';
  let bound: { port: number; pid: number } | undefined;
  let partial = '';
  const keep = (text: string) => {
    out += text;
    if (out.length > 2 * OUTPUT_KEEP) out = out.slice(-OUTPUT_KEEP);
  };
  // Always read both pipes: a child whose pipe is full blocks on its next log line.
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    keep(text);
    if (bound !== undefined) return;
    const lines = (partial + text).split('\n');
    partial = lines.pop()!;
    for (const line of lines) bound ??= listening(line);
  });
  child.stderr!.on('data', (chunk: Buffer) => keep(chunk.toString('utf8')));
  const output = () => out.slice(-OUTPUT_KEEP);
  const stop = (signal: NodeJS.Signals) => {
    const done = exited(child);
    child.kill(signal);
    // npm cannot pass SIGKILL on: the service itself is killed too, or it would outlive the test.
    if (opts.npmStart && signal === 'SIGKILL' && bound !== undefined) killQuietly(bound.pid);
    return done;
  };
  const deadlineMs = opts.deadlineMs ?? DEADLINE_MS;
  const giveUp = () =>
    child.exitCode !== null || child.signalCode !== null
      ? `the child exited (code ${child.exitCode}, signal ${child.signalCode})`
      : undefined;
  try {
    const { port, pid } = await waitFor(() => bound, { what: 'the child service to log its port', deadlineMs, giveUp });
    const baseUrl = `http://127.0.0.1:${port}`;
    // One check may hang on a stalled child; it is abandoned after a while and the next one tried.
    const health = async () => (await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(30_000) })).ok;
    await waitFor(health, {
      what: `the child service to answer ${baseUrl}/health`,
      deadlineMs,
      giveUp,
    });
    return { child, pid, port, baseUrl, output, stop };
  } catch (err) {
    await stop('SIGKILL');
    throw new Error(`${(err as Error).message}\n--- child output ---\n${output()}`, { cause: err });
  }
}

/** An HTTP call to a child service, with a client's or customer's bearer token and a JSON body when given. */
export async function callChild(
  svc: ChildService,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; text: string; json: () => Record<string, unknown> }> {
  const res = await fetch(`${svc.baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}
