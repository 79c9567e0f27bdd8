/**
 * The configuration is declared once, in src/config/fields.ts: the README's table is made from it, and what
 * src/config/config.ts reads follows it (each integer's range and default, each boolean's default, the known variables,
 * and the `Config` member each integer or boolean with a `member` fills, with its type).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { CONFIG_FIELDS, KNOWN_KEYS, configurationTable, type ConfigField } from './fields.ts';
import { readmeConfigurationTable } from './readme-table.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';

/** A compile-time check: a table member is in `Config` with the type its field gives it. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const typed: [Equal<Config['port'], number>, Equal<Config['workerWarm'], boolean>] = [true, true];

describe('configuration fields', () => {
  test("the README's configuration table is the field table's (npm run docs:config writes it)", () => {
    const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    assert.equal(readmeConfigurationTable(readme), configurationTable());
  });

  test('each integer and boolean default of the table is what an empty environment reads', () => {
    assert.deepEqual(typed, [true, true]);
    const config = loadConfig({ DATA_DIR: '/tmp/obi-fields-test' }) as unknown as Record<string, unknown>;
    for (const key of KNOWN_KEYS) {
      const field: ConfigField = CONFIG_FIELDS[key];
      if (field.type === 'text' || field.member === undefined) continue;
      assert.equal(config[field.member], field.default, key);
    }
  });

  test('each field with a member fills that member of the configuration, and no two fields name one', () => {
    const env: Record<string, string> = { DATA_DIR: '/tmp/obi-fields-test', NODE_ENV: 'test' };
    const expected = new Map<string, number | boolean>();
    for (const key of KNOWN_KEYS) {
      const field: ConfigField = CONFIG_FIELDS[key];
      if (field.type === 'text' || field.member === undefined) continue;
      assert.ok(!expected.has(field.member), `${key}: ${field.member} is named twice`);
      // A value that is not the default: the range's upper end for an integer, the other answer for a boolean.
      const value = field.type === 'integer' ? (field.default === field.max ? field.min : field.max) : !field.default;
      env[key] = String(value);
      expected.set(field.member, value);
    }
    env.OBI_ADMIN_PORT = '0'; // it must differ from PORT
    expected.set('adminPort', 0);
    const config = loadConfig(env) as unknown as Record<string, unknown>;
    for (const [member, value] of expected) assert.equal(config[member], value, member);
  });

  test("an integer outside the table's range is refused, naming the range", () => {
    for (const key of KNOWN_KEYS) {
      const field: ConfigField = CONFIG_FIELDS[key];
      if (field.type !== 'integer') continue;
      assert.throws(
        () => loadConfig({ DATA_DIR: '/tmp/obi-fields-test', [key]: String(field.max + 1) }),
        (err: unknown) =>
          err instanceof ConfigError &&
          err.problems.some((p) => p.startsWith(`${key}: expected an integer between ${field.min} and ${field.max}`)),
        key,
      );
    }
  });

  test('every field has one line of documentation', () => {
    for (const key of KNOWN_KEYS) {
      const field: ConfigField = CONFIG_FIELDS[key];
      assert.ok(field.doc.length > 5 && !field.doc.includes('\n'), key);
    }
  });
});
