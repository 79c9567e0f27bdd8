/**
 * Every reference in the project points inside it (docs/decisions/0024-references-inside-the-repository.md):
 * no citation of design notes kept outside the repository, every cited docs/… path exists, and every relative
 * link in the Markdown documents resolves (to a file, and to a heading when it names one).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { first, itemAt } from '../../src/lib/indexing.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCANNED = ['src', 'test', 'bench', 'scripts', 'migrations', 'docs', 'bin', '.ci', 'README.md'];
const SKIPPED_DIRS = new Set(['node_modules', 'fixtures']);
const SELF = 'test/docs/doc-references.test.ts';

/** Names of documents that live outside the repository, and paths that lead out of it. */
const OUTSIDE = [
  { pattern: /\bdecisions\.md\b/, what: 'decisions.md (now docs/decisions/NNNN-*.md)' },
  { pattern: /\bCONVENTIONS\b/, what: 'CONVENTIONS (now docs/decisions/NNNN-*.md)' },
  { pattern: /(?<!spec\/)interface-spec\.md\b/, what: 'interface-spec.md (now docs/spec/interface-spec.md)' },
  { pattern: /\.\.\/shared\b|\/work\/shared\b/, what: 'a path outside the repository' },
  // An issue tracker is outside the repository: the decision its choices were recorded in is cited instead.
  { pattern: /\bissues? #?\d+\b/i, what: 'an issue by number (cite its decision record, docs/decisions/NNNN-*.md)' },
];

/**
 * Code and generated data that read or attribute the source data sets outside the repository; they are not
 * citations (docs/decisions/0025-reference-data.md). Each entry is a file and a text its line must contain.
 */
const ALLOWED = [
  { file: 'scripts/build-reference-data.ts', text: "new URL('../../shared/data/', import.meta.url)" },
  { file: 'scripts/build-reference-data.ts', text: "source: 'OpenStreetMap name-suggestion-index" },
  { file: 'src/analytics/classify/reference/brands.json', text: '"source": "OpenStreetMap name-suggestion-index' },
];

interface Finding {
  file: string;
  line: number;
  problem: string;
}

function listFiles(rel: string): string[] {
  const abs = path.join(ROOT, rel);
  if (!existsSync(abs)) return [];
  if (statSync(abs).isFile()) return [rel];
  const out: string[] = [];
  for (const entry of readdirSync(abs, { withFileTypes: true })) {
    const child = path.posix.join(rel, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) out.push(...listFiles(child));
    } else if (/\.(ts|js|mjs|cjs|sql|md|json|sh)$/.test(entry.name) || rel === '.ci') {
      out.push(child);
    }
  }
  return out;
}

/** References to documents outside the repository. */
function findOutsideReferences(file: string, text: string): Finding[] {
  const found: Finding[] = [];
  text.split('\n').forEach((line, i) => {
    if (ALLOWED.some((a) => a.file === file && line.includes(a.text))) return;
    for (const { pattern, what } of OUTSIDE) {
      if (pattern.test(line)) found.push({ file, line: i + 1, problem: `cites ${what}` });
    }
  });
  return found;
}

/** docs/… paths cited in any file; `docs/decisions/NNNN` alone must name exactly one record. */
function findMissingDocPaths(
  file: string,
  text: string,
  exists = (p: string) => existsSync(path.join(ROOT, p)),
): Finding[] {
  const found: Finding[] = [];
  const records = existsSync(path.join(ROOT, 'docs/decisions')) ? readdirSync(path.join(ROOT, 'docs/decisions')) : [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/(?<![\w./-])docs\/[\w./-]*[\w/]/g)) {
      const cited = m[0].replace(/\/$/, '');
      const byNumber = /^docs\/decisions\/(\d{4})$/.exec(cited);
      if (byNumber) {
        const matching = records.filter((r) => r.startsWith(`${byNumber[1]}-`));
        if (matching.length !== 1)
          found.push({ file, line: i + 1, problem: `${cited} names ${matching.length} records` });
      } else if (!exists(cited)) {
        found.push({ file, line: i + 1, problem: `${cited} does not exist` });
      }
    }
  });
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const m of markdown.matchAll(/^#{1,6}\s+(.+)$/gm)) anchors.add(headingAnchor(itemAt(m, 1)));
  return anchors;
}

/** Relative links of a Markdown file that lead nowhere. */
function findBrokenLinks(file: string, text: string): Finding[] {
  const found: Finding[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = itemAt(m, 1);
      if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto: …
      const parts = target.split('#');
      const rel = first(parts);
      const anchor = parts[1];
      const resolved = rel === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), rel));
      if (resolved.startsWith('..') || !existsSync(path.join(ROOT, resolved))) {
        found.push({ file, line: i + 1, problem: `link ${target} leads nowhere inside the repository` });
      } else if (anchor && resolved.endsWith('.md')) {
        if (!anchorsOf(readFileSync(path.join(ROOT, resolved), 'utf8')).has(anchor)) {
          found.push({ file, line: i + 1, problem: `link ${target}: no such heading` });
        }
      }
    }
  });
  return found;
}

function describeFindings(findings: Finding[]): string {
  return findings.map((f) => `${f.file}:${f.line}: ${f.problem}`).join('\n');
}

describe('references in the repository', () => {
  const files = SCANNED.flatMap(listFiles).filter((f) => f !== SELF);

  test('scans the tree it is meant to scan', () => {
    for (const expected of ['src/app/routes.ts', 'docs/api-notes.md', 'README.md', 'docs/decisions/README.md']) {
      assert.ok(files.includes(expected), `${expected} is scanned`);
    }
  });

  test('cite no document outside the repository', () => {
    const findings = files.flatMap((f) => findOutsideReferences(f, readFileSync(path.join(ROOT, f), 'utf8')));
    assert.equal(describeFindings(findings), '');
  });

  test('cite only docs/ paths that exist', () => {
    const findings = files.flatMap((f) => findMissingDocPaths(f, readFileSync(path.join(ROOT, f), 'utf8')));
    assert.equal(describeFindings(findings), '');
  });

  test('link, in Markdown, only to files and headings that exist', () => {
    const markdown = files.filter((f) => f.endsWith('.md'));
    const findings = markdown.flatMap((f) => findBrokenLinks(f, readFileSync(path.join(ROOT, f), 'utf8')));
    assert.equal(describeFindings(findings), '');
  });

  test('every decision record is listed in docs/decisions/README.md', () => {
    const index = readFileSync(path.join(ROOT, 'docs/decisions/README.md'), 'utf8');
    const records = readdirSync(path.join(ROOT, 'docs/decisions')).filter((f) => /^\d{4}-.+\.md$/.test(f));
    assert.ok(records.length > 0);
    for (const r of records) assert.ok(index.includes(`(${r})`), `${r} is in the index`);
  });
});

describe('the reference checks', () => {
  test('flag citations of documents outside the repository', () => {
    const text = [
      '// decisions.md, Webhooks',
      ' * Pure (CONVENTIONS.md): no clock',
      ' * the names of interface-spec.md exactly',
      ' * built from ../shared/data/mcc',
      ' * the names of docs/spec/interface-spec.md exactly',
      ' * one round trip (issue 15, point 3)',
      '<!-- Issue #7 asks for -->',
      ' * an issue of the bank, tissue 3, the issued 2 tokens',
    ].join('\n');
    assert.deepEqual(
      findOutsideReferences('src/x.ts', text).map((f) => f.line),
      [1, 2, 3, 4, 6, 7],
    );
  });

  test('allow only the listed code lines that read the outside data', () => {
    const line = "const dataDir = fileURLToPath(new URL('../../shared/data/', import.meta.url));";
    assert.equal(findOutsideReferences('scripts/build-reference-data.ts', line).length, 0);
    assert.equal(findOutsideReferences('scripts/other.ts', line).length, 1);
  });

  test('flag docs/ paths that do not exist, and record numbers that name no record', () => {
    const text =
      '// (docs/decisions/0011-webhooks.md) (docs/decisions/9999-nothing.md) (docs/decisions/9999) docs/api-notes.md.';
    assert.deepEqual(
      findMissingDocPaths('src/x.ts', text).map((f) => f.problem),
      ['docs/decisions/9999-nothing.md does not exist', 'docs/decisions/9999 names 0 records'],
    );
  });

  test('flag links to missing files and headings', () => {
    const text =
      '[a](../api-notes.md#webhooks) [b](../api-notes.md#no-such-heading) [c](missing.md) [d](https://x.example)';
    assert.deepEqual(
      findBrokenLinks('docs/decisions/x.md', text).map((f) => f.problem),
      ['link ../api-notes.md#no-such-heading: no such heading', 'link missing.md leads nowhere inside the repository'],
    );
  });

  test('make GitHub anchors of headings', () => {
    assert.equal(
      headingAnchor('Reports (endpoints 15–18 and the forecast)'),
      'reports-endpoints-1518-and-the-forecast',
    );
    assert.equal(
      headingAnchor('Raw and categorised transactions (endpoint 11, /transactions)'),
      'raw-and-categorised-transactions-endpoint-11-transactions',
    );
  });
});
