/**
 * npm run check:exports — no exported value that nothing imports (types may be exported for a signature) (docs/decisions/0069-configuration-declared-once.md).
 * Every file of src/ is parsed (syntax only, no type check: a few seconds) with the files that may import it
 * (src/, test/, bench/, scripts/); an exported name of a src/ file counts as used when another file imports it by
 * name, reaches it through a namespace import (`import * as repo` then `repo.name`), a dynamic import, or a
 * re-export (an index.ts's `export { x } from`, `export *`) that is itself used; a file imported whole (a dynamic
 * `import()`) uses everything it exports and re-exports. Entry points (tests, benches,
 * scripts, worker tasks run by file URL, src/main.ts and src/cli/cli.ts) need no importer.
 *
 * The exports unused when this check was introduced are listed in scripts/unused-exports.txt: the check fails on
 * an unused export not in the list (a new one), and on a listed one that is used or gone (so the list only shrinks).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BASELINE = path.join(ROOT, 'scripts/unused-exports.txt');

function listTs(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { recursive: true, encoding: 'utf8' }).flatMap((f) => {
    const rel = path.posix.join(dir, f.split(path.sep).join('/'));
    return /\.(ts|js)$/.test(rel) && !rel.includes('node_modules') && !rel.endsWith('.d.ts') ? [rel] : [];
  });
}

interface FileInfo {
  /** names declared here and exported */
  local: Set<string>;
  /** exported name → [file, name there] */
  reexports: Map<string, [string, string]>;
  /** `export * from` targets */
  stars: string[];
}

const files = ['src', 'test', 'bench', 'scripts', 'bin'].flatMap(listTs);
const known = new Set(files);
const info = new Map<string, FileInfo>();
/** [file, name] pairs imported by another file, before following re-exports */
const imported: Array<[string, string]> = [];
/** files imported whole (dynamic import, `export * as`): every export counts as used */
const wholly = new Set<string>();

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  return known.has(target) ? target : null;
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The values a statement declares (types and interfaces are left out: they may be exported for a signature). */
function declaredNames(node: ts.Statement): string[] {
  if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return [];
  if (ts.isVariableStatement(node))
    return node.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  const named = node as ts.Statement & { name?: ts.Node };
  return named.name && ts.isIdentifier(named.name) ? [named.name.text] : [];
}

function scan(file: string): void {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const own: FileInfo = { local: new Set(), reexports: new Map(), stars: [] };
  info.set(file, own);
  const namespaces = new Map<string, string>();
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const target = resolve(file, st.moduleSpecifier.text);
      const clause = st.importClause;
      if (!target || !clause) continue;
      if (clause.name) imported.push([target, 'default']);
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, target);
      if (bindings && ts.isNamedImports(bindings))
        for (const el of bindings.elements) imported.push([target, (el.propertyName ?? el.name).text]);
    } else if (ts.isExportDeclaration(st)) {
      const target =
        st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? resolve(file, st.moduleSpecifier.text) : null;
      if (!st.exportClause) {
        if (target) own.stars.push(target);
      } else if (ts.isNamespaceExport(st.exportClause)) {
        if (target) wholly.add(target);
        own.local.add(st.exportClause.name.text);
      } else {
        for (const el of st.exportClause.elements) {
          if (st.isTypeOnly || el.isTypeOnly) continue;
          const there = (el.propertyName ?? el.name).text;
          if (target) own.reexports.set(el.name.text, [target, there]);
          else own.local.add(el.name.text);
        }
      }
    } else if (ts.isExportAssignment(st)) own.local.add('default');
    else if (isExported(st)) for (const n of declaredNames(st)) own.local.add(n);
  }
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const target = namespaces.get(node.expression.text);
      if (target) imported.push([target, node.name.text]);
    }
    if (ts.isQualifiedName(node) && ts.isIdentifier(node.left)) {
      const target = namespaces.get(node.left.text);
      if (target) imported.push([target, node.right.text]);
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      const target = arg && ts.isStringLiteral(arg) ? resolve(file, arg.text) : null;
      if (target) wholly.add(target);
    }
    // new URL('./x.task.ts', import.meta.url): a file run by URL (a worker task) is an entry point.
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'URL') {
      const [arg] = node.arguments ?? [];
      const target = arg && ts.isStringLiteral(arg) ? resolve(file, arg.text) : null;
      if (target) wholly.add(target);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

for (const file of files) scan(file);

const used = new Set<string>();
function markUsed(file: string, name: string, seen = new Set<string>()): void {
  const key = `${file}#${name}`;
  if (seen.has(key)) return;
  seen.add(key);
  used.add(key);
  const own = info.get(file);
  if (!own) return;
  const re = own.reexports.get(name);
  if (re) markUsed(re[0], re[1], seen);
  if (!own.local.has(name) && !re) for (const star of own.stars) markUsed(star, name, seen);
}
for (const [file, name] of imported) markUsed(file, name);
// A file imported whole (`await import('./index.ts')`) uses every name it re-exports, and all of its `export *`.
function markAllUsed(file: string, seen = new Set<string>()): void {
  if (seen.has(file)) return;
  seen.add(file);
  const own = info.get(file);
  if (!own) return;
  for (const name of [...own.local, ...own.reexports.keys()]) markUsed(file, name);
  for (const star of own.stars) markAllUsed(star, seen);
}
for (const file of wholly) markAllUsed(file);

const isEntry = (file: string) =>
  !file.startsWith('src/') ||
  file.endsWith('.test.ts') ||
  file.endsWith('.task.ts') ||
  file === 'src/main.ts' ||
  file === 'src/cli/cli.ts' ||
  wholly.has(file);

const unused: string[] = [];
for (const [file, own] of info) {
  if (isEntry(file)) continue;
  for (const name of [...own.local, ...own.reexports.keys()])
    if (!used.has(`${file}#${name}`)) unused.push(`${file} ${name}`);
}
unused.sort();

if (process.argv.includes('--write')) {
  fs.writeFileSync(BASELINE, `${unused.join('\n')}\n`);
  console.log(`${BASELINE}: ${unused.length} unused exports listed`);
  process.exit(0);
}
const listed = new Set(
  fs
    .readFileSync(BASELINE, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== ''),
);
const fresh = unused.filter((u) => !listed.has(u));
const gone = [...listed].filter((l) => !unused.includes(l));
for (const u of fresh) console.error(`unused export: ${u} (import it where it is needed, or drop the export)`);
for (const g of gone)
  console.error(`listed but no longer an unused export: ${g} (remove its line from scripts/unused-exports.txt)`);
if (fresh.length > 0 || gone.length > 0) process.exit(1);
console.log(`no new unused exports (${listed.size} older ones listed in scripts/unused-exports.txt)`);
