/** DATABASE_READ_URL (docs/decisions/0076-read-replica.md): a replica of DATABASE_URL, refused without it. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from './config.ts';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
};

describe('DATABASE_READ_URL', () => {
  test('unset: every read on the primary', () => {
    assert.equal(loadConfig({}).databaseReadUrl, null);
  });

  test('a postgres URL beside DATABASE_URL is taken', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://db/obi', DATABASE_READ_URL: 'postgresql://replica/obi' });
    assert.equal(c.databaseReadUrl, 'postgresql://replica/obi');
  });

  test('without DATABASE_URL it is refused, saying why', () => {
    const [problem, ...rest] = problemsOf({ DATABASE_READ_URL: 'postgres://replica/obi' });
    assert.deepEqual(rest, []);
    assert.match(
      problem ?? '',
      /^DATABASE_READ_URL: a replica of the PostgreSQL server in DATABASE_URL; .*set DATABASE_URL too/,
    );
  });

  test('anything but a postgres URL is refused', () => {
    const problems = problemsOf({ DATABASE_URL: 'postgres://db/obi', DATABASE_READ_URL: 'mysql://replica' });
    assert.deepEqual(problems, ['DATABASE_READ_URL: expected a postgres:// or postgresql:// URL']);
  });
});
