/**
 * The bank directory (src/banks/directory/uk-banks.json) is data that people edit by hand from public sources, so
 * these tests hold it to its rules: every entry validates, cites a source and a date, uses https only, and keeps the
 * registry's catalogue (slugs, names, colours, types) exactly as clients know it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import raw from './directory/uk-banks.json' with { type: 'json' };
import { DirectoryError, directoryEntries, directoryEntry, parseDirectory } from './directory.ts';
import { BANKS, findBank } from './registry.ts';

/** The registry's real banks as they were before the directory existed: [slug, name, colour, type]. */
const CATALOGUE: ReadonlyArray<readonly [string, string, string, 'Personal' | 'Business' | null]> = [
  ['barclays', 'Barclays', '#00aeef', 'Personal'],
  ['barclays-business', 'Barclays Business', '#00395d', 'Business'],
  ['hsbc', 'HSBC UK', '#db0011', 'Personal'],
  ['hsbc-business', 'HSBC UK Business', '#a50010', 'Business'],
  ['lloyds', 'Lloyds Bank', '#006a4d', 'Personal'],
  ['lloyds-business', 'Lloyds Bank Business', '#024731', 'Business'],
  ['halifax', 'Halifax', '#005eb8', 'Personal'],
  ['bank-of-scotland', 'Bank of Scotland', '#1c355e', 'Personal'],
  ['natwest', 'NatWest', '#5a287d', 'Personal'],
  ['natwest-business', 'NatWest Business', '#42145f', 'Business'],
  ['rbs', 'Royal Bank of Scotland', '#0a2f64', 'Personal'],
  ['ulster-bank', 'Ulster Bank', '#1d3c6e', null],
  ['santander', 'Santander UK', '#ec0000', 'Personal'],
  ['santander-business', 'Santander UK Business', '#b30000', 'Business'],
  ['nationwide', 'Nationwide Building Society', '#1b3a6b', 'Personal'],
  ['tsb', 'TSB', '#00a0df', 'Personal'],
  ['virgin-money', 'Virgin Money', '#cc0000', null],
  ['first-direct', 'first direct', '#000000', 'Personal'],
  ['metro-bank', 'Metro Bank', '#d6001c', null],
  ['monzo', 'Monzo', '#ff4f40', null],
  ['starling', 'Starling Bank', '#6935d3', null],
  ['revolut', 'Revolut', '#0666eb', null],
  ['chase-uk', 'Chase UK', '#117aca', 'Personal'],
  ['coop-bank', 'The Co-operative Bank', '#00b1e7', null],
  ['danske-bank', 'Danske Bank', '#003755', null],
  ['bank-of-ireland', 'Bank of Ireland UK', '#0033a0', null],
  ['aib', 'AIB (NI)', '#7f2b7b', null],
  ['tide', 'Tide', '#1929d6', 'Business'],
  ['amex', 'American Express', '#2e77bc', 'Personal'],
  ['tesco-bank', 'Tesco Bank', '#00539f', 'Personal'],
  ['sainsburys-bank', "Sainsbury's Bank", '#f06c00', 'Personal'],
  ['mbna', 'MBNA', '#003b71', 'Personal'],
];

/** A copy of the file's first entry with some members replaced, wrapped as a whole file. */
function fileWith(changes: Record<string, unknown>, extra: unknown[] = []): unknown {
  const first: unknown = raw.banks[0];
  return { banks: [{ ...(first as Record<string, unknown>), ...changes }, ...extra] };
}

function problemsOf(content: unknown): string[] {
  try {
    parseDirectory(content);
  } catch (err) {
    assert.ok(err instanceof DirectoryError);
    assert.match(err.message, /uk-banks\.json/);
    return [...err.problems];
  }
  return [];
}

describe('bank directory', () => {
  test('every entry of the file validates', () => {
    assert.deepEqual(problemsOf(raw), []);
    assert.equal(directoryEntries().length, raw.banks.length);
  });

  test('slugs are unique and are exactly the registry’s real banks, in order', () => {
    const slugs = directoryEntries().map((e) => e.slug);
    assert.equal(new Set(slugs).size, slugs.length);
    assert.deepEqual(
      slugs,
      BANKS.filter((b) => !b.is_sandbox).map((b) => b.slug),
    );
    assert.deepEqual(
      slugs,
      CATALOGUE.map(([slug]) => slug),
    );
  });

  test('every URL it records is https', () => {
    for (const e of directoryEntries()) {
      const urls = [e.logoUrl, e.wellKnownUrl, e.aispBaseUrl, e.sandboxWellKnownUrl, ...e.source];
      for (const u of urls) if (u !== null) assert.equal(new URL(u).protocol, 'https:', `${e.slug}: ${u}`);
    }
  });

  test('every entry names its source and the date it was checked; every unknown value is explained', () => {
    for (const e of directoryEntries()) {
      assert.ok(e.source.length > 0, e.slug);
      assert.match(e.checked, /^\d{4}-\d{2}-\d{2}$/, e.slug);
      const unknown = e.wellKnownUrl === null || e.financialId === null || e.aispBaseUrl === null;
      if (unknown || e.tokenEndpointAuthMethods.length === 0) assert.ok(e.notes, `${e.slug} needs notes`);
    }
  });

  test('the registry keeps every bank’s name, colour and type; the sandbox banks stay in code', () => {
    for (const [slug, name, colour, type] of CATALOGUE) {
      const b = findBank(slug);
      assert.ok(b, slug);
      assert.deepEqual(
        { name: b.name, colour: b.colour, type: b.type, country: b.country_code, sandbox: b.is_sandbox },
        { name, colour, type, country: 'GB', sandbox: false },
      );
      assert.equal(directoryEntry(slug)?.name, name);
    }
    assert.equal(findBank('sandbox')?.is_sandbox, true);
    assert.equal(findBank('sandbox-business')?.is_sandbox, true);
    assert.equal(findBank('sandbox-no-par')?.is_sandbox, true);
    assert.equal(directoryEntry('sandbox'), undefined);
    assert.equal(BANKS.length, CATALOGUE.length + 3);
  });

  describe('a bad file fails at start with the entry and field named', () => {
    test('a URL that is not https', () => {
      const problems = problemsOf(fileWith({ well_known_url: 'http://bank.example/.well-known/openid-configuration' }));
      assert.deepEqual(problems, ['entry "barclays" field "well_known_url": must be an https URL or null']);
    });

    test('an unknown value without notes saying what was searched', () => {
      const problems = problemsOf(fileWith({ financial_id: null, notes: null }));
      assert.equal(problems.length, 1);
      assert.match(problems[0] ?? '', /^entry "barclays" field "notes": must say why financial_id is null/);
    });

    test('a missing source, a bad date, an unknown member, a bad authentication method: all listed at once', () => {
      const problems = problemsOf(
        fileWith({ source: [], checked: '2026-02-30', logo: 'x', token_endpoint_auth_methods: ['client_secret_jwt'] }),
      );
      assert.deepEqual(problems, ['entry "barclays" field "logo": unknown member']);
      const rest = problemsOf(fileWith({ source: [], checked: '2026-02-30', token_endpoint_auth_methods: ['none'] }));
      assert.deepEqual(
        rest.map((p) => p.replace(/:.*/, '')),
        [
          'entry "barclays" field "token_endpoint_auth_methods"',
          'entry "barclays" field "source"',
          'entry "barclays" field "checked"',
        ],
      );
    });

    test('a slug used twice', () => {
      const problems = problemsOf(fileWith({}, [raw.banks[0]]));
      assert.deepEqual(problems, ['entry "barclays" field "slug": used by another entry']);
    });

    test('a file without a banks list', () => {
      assert.deepEqual(problemsOf({ banks: {} }), ['the file must be an object with a "banks" list']);
    });
  });
});
