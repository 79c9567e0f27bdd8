/**
 * The package as a user gets it: `npm pack` in the repository (its prepack builds dist/), then the tarball installed
 * into an empty project, without the internet, and its bins run there (test/packaging/pack.test.ts).
 *
 * Why the empty project gets a lockfile: npm 11 resolves a new dependency range from the registry's full package
 * documents, which `npm ci` never stores in the cache (it reads the abbreviated ones, or none at all when the
 * lockfile names each tarball), so `npm install --offline <tarball>` fails with ENOTCACHED on a machine that only ran
 * `npm ci`. The project's lockfile therefore pins the versions the repository's lockfile pins (the ones CI tests the
 * sources with), each with its tarball's address and integrity, and `npm ci --offline` reads every tarball from the
 * cache by its integrity. The `node` dependency's own preinstall (an `npm install` of the Node binary for this
 * platform) runs offline as well: it inherits npm_config_offline from the environment. The install (that nested npm with it)
 * also gets a proxy that answers nothing, so a request that reached for the network would fail, not pass unnoticed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEADLINE_MS, withDeadline } from '../helpers/wait.ts';

export const REPO = path.resolve(import.meta.dirname, '../..');

/** npm steps (a build, an install of ~180 packages and Node itself) get three waits' worth: minutes when loaded. */
export const NPM_DEADLINE_MS = 3 * DEADLINE_MS;

const OUTPUT_KEEP = 64 * 1024;

/**
 * The environment of every command: this one's, without what an enclosing `npm test` exported about the repository
 * (npm_config_local_prefix would point a nested npm at it) and without the repository's node_modules/.bin on PATH,
 * so the installed project uses its own Node and bins only. Where npm finds packages (cache, registry, its config
 * files) is kept.
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const keep = new Set(['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig', 'npm_config_globalconfig']);
  const repoBin = path.join(REPO, 'node_modules', '.bin');
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if ((key.toLowerCase().startsWith('npm_') && !keep.has(key.toLowerCase())) || key === 'INIT_CWD') continue;
    env[key] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => path.resolve(dir) !== repoBin)
    .join(path.delimiter);
  return { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', ...extra };
}

/** A child's stdout and stderr together (the last 64 KiB), and its stdout alone. */
export function collect(child: ChildProcess): { output: () => string; stdout: () => string } {
  let output = '';
  let stdout = '';
  const keep = (text: string) => {
    output += text;
    if (output.length > 2 * OUTPUT_KEEP) output = output.slice(-OUTPUT_KEEP);
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    keep(chunk.toString('utf8'));
  });
  child.stderr?.on('data', (chunk: Buffer) => keep(chunk.toString('utf8')));
  return { output: () => output.slice(-OUTPUT_KEEP), stdout: () => stdout };
}

export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
}

/** Runs a command to its end; resolves with its stdout, or rejects (with its output) unless it exits 0. */
export async function run(
  what: string,
  command: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; deadlineMs?: number; all?: boolean },
): Promise<string> {
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const { output, stdout } = collect(child);
  const done = exited(child);
  let end;
  try {
    end = await withDeadline(done, { what, deadlineMs: opts.deadlineMs ?? NPM_DEADLINE_MS, detail: output });
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${what}: ${(err as Error).message}\n--- output ---\n${output()}`, { cause: err });
  }
  if (end.code !== 0)
    throw new Error(`${what} failed (exit ${end.code}, signal ${end.signal})\n--- output ---\n${output()}`);
  return opts.all ? output() : stdout();
}

/**
 * A PATH whose `node` is the one running this (Node 24): npm's own `#!/usr/bin/env node` then runs on it, as it
 * does for a user whose Node is a supported one, whatever old Node the machine has elsewhere on PATH.
 */
export function pathWithThisNode(dir: string, env: NodeJS.ProcessEnv): string {
  const bin = path.join(dir, '.node-bin');
  fs.mkdirSync(bin, { recursive: true });
  if (!fs.existsSync(path.join(bin, 'node'))) fs.symlinkSync(process.execPath, path.join(bin, 'node'));
  return `${bin}${path.delimiter}${env.PATH ?? ''}`;
}

/** `npm pack` in the repository (prepack: the build) into `dir`; the tarball's path. */
export async function pack(dir: string): Promise<string> {
  await run('npm pack', 'npm', ['pack', '--pack-destination', dir], { cwd: REPO, env: cleanEnv() });
  const tarballs = fs.readdirSync(dir).filter((f) => f.endsWith('.tgz'));
  if (tarballs.length !== 1) throw new Error(`npm pack left ${tarballs.length} tarballs in ${dir}: ${tarballs}`);
  return path.join(dir, tarballs[0] ?? '');
}

interface LockEntry {
  name?: string;
  version?: string;
  resolved?: string;
  integrity?: string;
  dev?: boolean;
  link?: boolean;
}

/** The empty project's package.json and package-lock.json: the tarball, and the repository's production packages. */
function projectFiles(tarball: string, registry: string) {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as Record<string, unknown>;
  const lock = JSON.parse(fs.readFileSync(path.join(REPO, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const name = String(pkg.name);
  const spec = `file:./${path.basename(tarball)}`;
  const manifest = {
    name: 'obi-package-check',
    private: true,
    dependencies: { [name]: spec },
    // the `node` package's preinstall fetches Node itself: allowed, as a user of the package allows it
    allowScripts: { node: true },
  };
  const packages: Record<string, unknown> = {
    '': { name: manifest.name, dependencies: manifest.dependencies },
    [`node_modules/${name}`]: {
      version: pkg.version,
      resolved: spec,
      license: pkg.license,
      dependencies: pkg.dependencies,
      bin: pkg.bin,
      engines: pkg.engines,
    },
  };
  const problems: string[] = [];
  for (const [where, entry] of Object.entries(lock.packages)) {
    // the repository's own workspaces ("packages/…", linked) and its development tools are not the package's
    if (!where.startsWith('node_modules/') || entry.dev || entry.link) continue;
    const pkgName = entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    if (!entry.integrity || !entry.version) problems.push(`${where} has no integrity or version in package-lock.json`);
    const file = `${pkgName.split('/').pop()}-${entry.version}.tgz`;
    packages[where] = { resolved: `${registry}${pkgName}/-/${file}`, ...entry };
  }
  if (problems.length > 0) throw new Error(`cannot install offline:\n  ${problems.join('\n  ')}`);
  return { manifest, lockfile: { name: manifest.name, lockfileVersion: 3, requires: true, packages } };
}

/**
 * Installs the tarball into a new project in `dir`, with `npm ci --offline`, npm running on this Node (a supported
 * one); resolves with everything npm printed (its warnings included).
 */
export async function installOffline(tarball: string, dir: string): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(tarball, path.join(dir, path.basename(tarball)));
  // Offline, and a proxy that answers nothing besides: a request that got past offline mode would fail the install.
  const nowhere = 'http://127.0.0.1:9';
  const env = cleanEnv({ npm_config_offline: 'true', npm_config_proxy: nowhere, npm_config_https_proxy: nowhere });
  const configured = (
    await run('npm config get registry', 'npm', ['config', 'get', 'registry'], { cwd: dir, env })
  ).trim();
  const registry = configured.endsWith('/') ? configured : `${configured}/`;
  const { manifest, lockfile } = projectFiles(tarball, registry);
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, 'package-lock.json'), `${JSON.stringify(lockfile, null, 2)}\n`);
  return run('npm ci --offline (the tarball and its dependencies, from the npm cache)', 'npm', ['ci'], {
    cwd: dir,
    env: { ...env, PATH: pathWithThisNode(path.dirname(dir), env) },
    all: true,
  });
}

/** A package of this repository's own, packed: its tarball and its package.json. */
export interface LocalTarball {
  tarball: string;
  manifest: { name: string; version: string; dependencies?: Record<string, string>; license?: string };
}

/**
 * Installs, offline, into a new project in `dir`: the local tarballs and the named packages of the repository's
 * lockfile (e.g. typescript, @types/node), each with what it depends on, at the versions the repository pins
 * (the lockfile is written for the same reason as installOffline's). `type` is the project's module type.
 */
export async function installOfflineProject(
  dir: string,
  local: LocalTarball[],
  fromRepo: string[],
  extraManifest: Record<string, unknown> = {},
): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const nowhere = 'http://127.0.0.1:9';
  const env = cleanEnv({ npm_config_offline: 'true', npm_config_proxy: nowhere, npm_config_https_proxy: nowhere });
  const configured = (
    await run('npm config get registry', 'npm', ['config', 'get', 'registry'], { cwd: dir, env })
  ).trim();
  const registry = configured.endsWith('/') ? configured : `${configured}/`;
  const repoLock = JSON.parse(fs.readFileSync(path.join(REPO, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry & { dependencies?: Record<string, string> }>;
  };
  const dependencies: Record<string, string> = {};
  const packages: Record<string, unknown> = {};
  const wanted: string[] = [...fromRepo];
  for (const { tarball, manifest } of local) {
    fs.copyFileSync(tarball, path.join(dir, path.basename(tarball)));
    const spec = `file:./${path.basename(tarball)}`;
    dependencies[manifest.name] = spec;
    packages[`node_modules/${manifest.name}`] = {
      version: manifest.version,
      resolved: spec,
      license: manifest.license,
      dependencies: manifest.dependencies,
    };
    wanted.push(...Object.keys(manifest.dependencies ?? {}));
  }
  const problems: string[] = [];
  for (let name = wanted.shift(); name !== undefined; name = wanted.shift()) {
    const where = `node_modules/${name}`;
    if (packages[where]) continue;
    const entry = repoLock.packages[where];
    if (!entry?.version || !entry.integrity) {
      problems.push(`${where} is not in package-lock.json with a version and integrity`);
      continue;
    }
    if (fromRepo.includes(name)) dependencies[name] = entry.version;
    const { dev: _dev, ...kept } = entry;
    const file = `${name.split('/').pop()}-${entry.version}.tgz`;
    packages[where] = { resolved: `${registry}${name}/-/${file}`, ...kept };
    wanted.push(...Object.keys(entry.dependencies ?? {}));
  }
  if (problems.length > 0) throw new Error(`cannot install offline:\n  ${problems.join('\n  ')}`);
  const manifest = { name: path.basename(dir), private: true, ...extraManifest, dependencies };
  packages[''] = { name: manifest.name, dependencies };
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const lockfile = { name: manifest.name, lockfileVersion: 3, requires: true, packages };
  fs.writeFileSync(path.join(dir, 'package-lock.json'), `${JSON.stringify(lockfile, null, 2)}\n`);
  await run(`npm ci --offline in ${path.basename(dir)}`, 'npm', ['ci'], { cwd: dir, env });
}
