// The SDK's build (npm run build; npm pack runs it first): tsc emits ESM JavaScript and type declarations into dist/
// (tsconfig.build.json), rewriting the sources' relative `./x.ts` imports to `./x.js` in the JavaScript. TypeScript
// leaves them as `./x.ts` in the declarations, which a user's project (without allowImportingTsExtensions) refuses
// with TS5097, so they are rewritten here too; then dist/ is checked to name no TypeScript file at all.
// Plain JavaScript, so it runs on any Node the SDK supports.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const RELATIVE_TS = /(['"])(\.{1,2}\/[^'"\n]*)\.ts\1/g;

fs.rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });

const problems = [];
for (const name of fs.readdirSync(dist)) {
  const file = path.join(dist, name);
  const code = fs.readFileSync(file, 'utf8');
  const rewritten = name.endsWith('.d.ts') ? code.replace(RELATIVE_TS, '$1$2.js$1') : code;
  if (rewritten !== code) fs.writeFileSync(file, rewritten);
  for (const left of rewritten.match(RELATIVE_TS) ?? []) problems.push(`dist/${name}: ${left}`);
}
for (const entry of ['index.js', 'index.d.ts'])
  if (!fs.existsSync(path.join(dist, entry))) problems.push(`dist/${entry} is missing`);
if (problems.length > 0) {
  process.stderr.write(
    `sdk build: dist/ names TypeScript files a user's project cannot load:\n  ${problems.join('\n  ')}\n`,
  );
  process.exit(1);
}
process.stdout.write(`sdk build: dist/ built (${fs.readdirSync(dist).length} files)\n`);
