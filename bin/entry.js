// What the bins (obi.js, open-banking-insights.js) share: which code to run, and on which Node.
//
// One bin for the repository and the package alike. The repository runs its TypeScript sources (src/, on Node 24,
// which strips the types); the package has no src/, only the JavaScript build in dist/ (npm pack builds it: Node
// refuses to strip types under node_modules). So the sources are used when they are there and dist/ otherwise; a
// dist/ left in the repository by `npm pack` is never run there, stale or not.
//
// The Node is the one the package depends on (the npm `node` package): installed, it is node_modules/.bin/node,
// which `npx obi` / `npx open-banking-insights` and npm scripts put first on PATH for the `#!/usr/bin/env node`
// line. Started from a shell whose own Node is older (a global install, ./node_modules/.bin/obi), the bin says so
// and stops, rather than failing later in a way that does not name the cause.
import { existsSync, readFileSync } from 'node:fs';
import process from 'node:process';
import { URL } from 'node:url';

/** Runs src/<name>.ts in the repository, dist/<name>.js in the package. */
export async function runEntry(name) {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const wanted = Number(/\d+/.exec(pkg.dependencies.node)?.[0]);
  const running = Number(process.versions.node.split('.')[0]);
  if (running < wanted) {
    process.stderr.write(
      `${pkg.name} runs on Node ${wanted} (its dependency node@${pkg.dependencies.node}); this is Node ` +
        `${process.version} (${process.execPath}). Start it with npx (npx obi, npx open-banking-insights), ` +
        `which puts the package's Node (node_modules/.bin/node) first on PATH.\n`,
    );
    process.exit(1);
  }
  const source = new URL(`../src/${name}.ts`, import.meta.url);
  await import(existsSync(source) ? source.href : new URL(`../dist/${name}.js`, import.meta.url).href);
}
