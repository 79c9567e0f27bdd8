/**
 * The SDK as a user gets it (`.ci/run`, step sdk-package; `npm run sdk:check-package` by hand): `npm pack` of
 * packages/sdk (its prepack builds dist/), the tarball installed without the internet into two fresh projects, and
 * the documented examples run there against one running service:
 *
 *   ts/  `"type": "module"`, tsconfig `strict` + `"module": "nodenext"`, typescript and @types/node: the README's
 *        "The same with the TypeScript SDK" block, as written, type-checked by tsc, compiled, and run;
 *   js/  `"type": "module"`, no TypeScript: packages/sdk/README.md's first `js` block, as written, run.
 *
 * Both read OBI_BASE_URL (the service started here: the embedded engine in a temporary data directory, with the
 * README's demo client from OBI_BOOTSTRAP_CLIENTS). The offline install pins the versions of the repository's
 * lockfile (test/packaging/installed-package.ts says why a lockfile is written). Exits non-zero on any failure, with
 * the output of the step that failed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  cleanEnv,
  collect,
  installOfflineProject,
  REPO,
  run,
  type LocalTarball,
} from '../test/packaging/installed-package.ts';
import { waitFor } from '../test/helpers/wait.ts';

const SDK = path.join(REPO, 'packages/sdk');

/** The first fenced block of `lang` after `heading` in a Markdown file, as written. */
function block(file: string, heading: string, lang: string): string {
  const text = fs.readFileSync(path.join(REPO, file), 'utf8');
  const from = text.indexOf(heading);
  if (from < 0) throw new Error(`${file} has no "${heading}"`);
  const match = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(text.slice(from));
  if (!match?.[1]) throw new Error(`${file} has no \`\`\`${lang} block after "${heading}"`);
  return match[1];
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function packSdk(dir: string): Promise<LocalTarball> {
  const out = await run('npm pack (packages/sdk)', 'npm', ['pack', '--json', '--pack-destination', dir], {
    cwd: SDK,
    env: cleanEnv(),
  });
  const [packed] = JSON.parse(out.slice(out.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  if (!packed) throw new Error('npm pack wrote no tarball');
  const files = packed.files.map((f) => f.path);
  for (const must of ['dist/index.js', 'dist/index.d.ts', 'package.json', 'README.md', 'LICENSE'])
    if (!files.includes(must)) throw new Error(`the SDK tarball has no ${must}: ${files.join(', ')}`);
  const stray = files.filter((f) => f.startsWith('src/') || (f.endsWith('.ts') && !f.endsWith('.d.ts')));
  if (stray.length > 0) throw new Error(`the SDK tarball holds TypeScript sources: ${stray.join(', ')}`);
  const manifest = JSON.parse(fs.readFileSync(path.join(SDK, 'package.json'), 'utf8')) as LocalTarball['manifest'];
  return { tarball: path.join(dir, packed.filename), manifest };
}

const TSCONFIG = {
  compilerOptions: {
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    strict: true,
    noUncheckedIndexedAccess: true,
    types: ['node'],
    outDir: 'out',
  },
  include: ['example.ts'],
};

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-sdk-package-'));
  const started = Date.now();
  let service: ReturnType<typeof spawn> | undefined;
  try {
    const sdk = await packSdk(work);
    const ts = path.join(work, 'ts');
    const js = path.join(work, 'js');
    await installOfflineProject(ts, [sdk], ['typescript', '@types/node'], { type: 'module' });
    await installOfflineProject(js, [sdk], [], { type: 'module' });
    fs.writeFileSync(path.join(ts, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    fs.writeFileSync(path.join(ts, 'example.ts'), block('README.md', '### The same with the TypeScript SDK', 'ts'));
    fs.writeFileSync(path.join(js, 'example.js'), block('packages/sdk/README.md', '## Use', 'js'));
    const tsc = path.join(ts, 'node_modules/typescript/bin/tsc');
    await run('tsc (strict, nodenext) in the TypeScript project', process.execPath, [tsc, '-p', '.'], {
      cwd: ts,
      env: cleanEnv(),
    });
    console.log(`sdk-package: packed, installed offline twice and type-checked in ${Date.now() - started} ms`);

    const port = await freePort();
    const dataDir = path.join(work, 'data');
    const env = cleanEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      OBI_BOOTSTRAP_CLIENTS: 'demo:demo-secret-change-me-0001',
    });
    delete env.DATABASE_URL;
    service = spawn(process.execPath, ['src/main.ts'], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const { output } = collect(service);
    const child = service;
    const base = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${base}/health`)).ok, {
      what: 'the service to answer /health',
      intervalMs: 200,
      giveUp: () => (child.exitCode !== null ? `it exited:\n${output()}` : undefined),
    });
    const exampleEnv = cleanEnv({ OBI_BASE_URL: base });
    const tsOut = await run('the TypeScript example (compiled)', process.execPath, ['out/example.js'], {
      cwd: ts,
      env: exampleEnv,
    });
    if (!/4 saved/.test(tsOut) || !/404 customer_not_found/.test(tsOut))
      throw new Error(`the TypeScript example did not print what it says:\n${tsOut}`);
    const jsOut = await run('the JavaScript example', process.execPath, ['example.js'], { cwd: js, env: exampleEnv });
    if (!/1 saved/.test(jsOut) || !/404 customer_not_found/.test(jsOut))
      throw new Error(`the JavaScript example did not print what it says:\n${jsOut}`);
    console.log(`sdk-package: both examples ran against the service; ${Date.now() - started} ms in all`);
  } finally {
    if (service && service.exitCode === null) {
      const gone = new Promise((resolve) => service?.once('exit', resolve));
      service.kill('SIGTERM');
      await gone;
    }
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`sdk-package: ${(err as Error).stack ?? String(err)}`);
  process.exit(1);
});
