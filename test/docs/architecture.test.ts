/**
 * docs/architecture.md, where a test can check it: its table of which module uses which is the modules' imports
 * of one another's index, row for row, in an order where a module only uses modules above it; `src/` holds `main.ts`
 * and folders only; files are named as "Naming" says; tests of one file live beside it, not in `test/unit/`.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MODULES = path.join(ROOT, 'src/modules');

/** module → the modules whose index its non-test files import. */
function importsOfModules(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const name of fs.readdirSync(MODULES)) {
    const used = new Set<string>();
    for (const file of fs.readdirSync(path.join(MODULES, name), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const text = fs.readFileSync(path.join(MODULES, name, file), 'utf8');
      for (const m of text.matchAll(
        /from '(?:\.\.\/)+modules\/([a-z-]+)\/index\.ts'|from '\.\.\/([a-z-]+)\/index\.ts'/g,
      )) {
        const other = m[1] ?? m[2];
        if (other && other !== name) used.add(other);
      }
    }
    out.set(name, [...used].sort());
  }
  return out;
}

/** The rows of the "who uses whom" table, in the document's order. */
function documentedTable(): Array<[string, string[]]> {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
  const start = doc.indexOf('| module | uses |');
  assert.ok(start >= 0, 'docs/architecture.md has its module table');
  const rows = doc.slice(start).split('\n\n')[0]?.split('\n').slice(2) ?? [];
  return rows.map((row) => {
    const [, name = '', uses = ''] = row.split('|').map((c) => c.trim());
    const clean = uses.replace(/\([^)]*\)/g, '').trim();
    return [
      name,
      clean === '—'
        ? []
        : clean
            .split(',')
            .map((u) => u.trim())
            .sort(),
    ];
  });
}

describe('docs/architecture.md', () => {
  test('the module table is what the modules import, and lists each module above those using it', () => {
    const actual = importsOfModules();
    const table = documentedTable();
    const documented = new Map(table);
    for (const [name, uses] of actual) {
      if (uses.length === 0 && !documented.has(name)) continue; // route-only modules (categories, health)
      assert.deepEqual(documented.get(name), uses, `${name}: the table says ${documented.get(name)}, the code ${uses}`);
    }
    const seen = new Set<string>();
    for (const [name, uses] of table) {
      for (const used of uses) assert.ok(seen.has(used), `${name} uses ${used}, which the table lists below it`);
      seen.add(name);
    }
  });

  test('src/ holds main.ts and folders only', () => {
    const loose = fs
      .readdirSync(path.join(ROOT, 'src'), { withFileTypes: true })
      .filter((e) => !e.isDirectory() && e.name !== 'main.ts');
    assert.deepEqual(
      loose.map((e) => e.name),
      [],
    );
  });

  test('every TypeScript file of src/ is named in kebab-case, in dotted parts', () => {
    const bad = fs
      .readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
      .filter(
        (f) => f.endsWith('.ts') && !/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.ts$/.test(path.basename(f)),
      );
    assert.deepEqual(bad, []);
  });

  test('a test of one file lives beside it: there is no test/unit/', () => {
    const unit = path.join(ROOT, 'test/unit');
    assert.deepEqual(fs.existsSync(unit) ? fs.readdirSync(unit) : [], []);
  });
});
