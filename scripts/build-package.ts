/**
 * The package's build (`npm run build`; `npm pack` runs it first through `prepack`, so a tarball always holds a
 * fresh one): src/ compiled to JavaScript in dist/, the same tree. The repository never uses dist/ (it runs the .ts
 * sources directly on Node 24); the package needs it because Node will not strip types from files under
 * node_modules (ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING).
 *
 * The same tree keeps every path the code reads relative to itself: dist/db/migrate.js finds ../../migrations (the
 * package's migrations/, shipped beside dist/), dist/web/assets.js its ./assets/, the engine its JSON.
 *
 *   1. tsc -p tsconfig.build.json: the JavaScript; `./x.ts` in imports becomes `./x.js`
 *      (rewriteRelativeImportExtensions), and the JSON files the code imports are copied by tsc.
 *   2. Every file under src/ that is not TypeScript is copied to the same place (web assets, the data's README and
 *      licence files), so an asset added later is shipped without touching this script.
 *   3. Worker-thread task modules are named by `new URL('./x.task.ts', import.meta.url)`, which tsc leaves alone
 *      (it rewrites import specifiers only): those become `./x.task.js`, as a bundler does for that pattern.
 *   4. The check: no relative `.ts` name may be left in the JavaScript (comments are removed by the build, so any
 *      left is code that would fail at run time in the package), and the entry points must exist.
 *   5. The embedded database's pre-initialised image (src/db/pglite-image.ts) is built into dist/pglite-image, where
 *      the package's code looks first: an installed package's first start needs no initdb either.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildServiceImage } from './build-pglite-image.ts';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');
const dist = path.join(root, 'dist');

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

function compile(): void {
  fs.rmSync(dist, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
}

function copyAssets(): number {
  let copied = 0;
  for (const file of filesUnder(src)) {
    if (file.endsWith('.ts')) continue;
    const to = path.join(dist, path.relative(src, file));
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(file, to);
    copied++;
  }
  return copied;
}

const TASK_URL = /new URL\((['"])(\.{1,2}\/[^'"]+)\.ts\1, import\.meta\.url\)/g;
const RELATIVE_TS = /(['"`])\.{1,2}\/[^'"`\n]*\.ts\1/g;

/** Step 3, then step 4's check of the names left; returns the problems. */
function rewriteTaskUrls(): string[] {
  const problems: string[] = [];
  for (const file of filesUnder(dist)) {
    if (!file.endsWith('.js')) continue;
    const code = fs.readFileSync(file, 'utf8');
    const rewritten = code.replace(TASK_URL, (whole, quote: string, stem: string) => {
      if (!fs.existsSync(path.resolve(path.dirname(file), `${stem}.js`))) {
        problems.push(`${path.relative(root, file)}: ${whole} names a module the build did not make`);
        return whole;
      }
      return `new URL(${quote}${stem}.js${quote}, import.meta.url)`;
    });
    if (rewritten !== code) fs.writeFileSync(file, rewritten);
    for (const left of rewritten.match(RELATIVE_TS) ?? [])
      problems.push(`${path.relative(root, file)}: ${left} is a TypeScript file, which the package does not hold`);
  }
  return problems;
}

compile();
const copied = copyAssets();
const problems = rewriteTaskUrls();
for (const entry of ['cli/cli.js', 'main.js', 'db/migrate.js']) {
  if (!fs.existsSync(path.join(dist, entry))) problems.push(`dist/${entry} is missing`);
}
if (problems.length > 0) {
  process.stderr.write(`build-package: the build would not run as a package:\n  ${problems.join('\n  ')}\n`);
  process.exit(1);
}
const image = await buildServiceImage(path.join(dist, 'pglite-image'));
console.log(`build-package: the pre-initialised database image is dist/pglite-image/${image.file}`);
console.log(`build-package: dist/ built (${filesUnder(dist).length} files, ${copied} copied as they are)`);
