/**
 * The configuration is declared once, in src/config/fields.ts: the README's table is made from it, and what
 * src/config/config.ts reads follows it (each integer's range and default, each boolean's default, the known variables).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { CONFIG_FIELDS, KNOWN_KEYS, configurationTable, type ConfigField } from './fields.ts';
import { readmeConfigurationTable } from './readme-table.ts';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration fields', () => {
  test("the README's configuration table is the field table's (npm run docs:config writes it)", () => {
    const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    assert.equal(readmeConfigurationTable(readme), configurationTable());
  });

  test('each integer and boolean default of the table is what an empty environment reads', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/obi-fields-test' }) as unknown as Record<string, unknown>;
    assert.equal(config.port, CONFIG_FIELDS.PORT.default);
    assert.equal(config.bodyLimitBytes, CONFIG_FIELDS.BODY_LIMIT_BYTES.default);
    assert.equal(config.apiPerMinute, CONFIG_FIELDS.RATE_LIMIT_API_PER_MINUTE.default);
    assert.equal(config.webhookAllowLoopback, CONFIG_FIELDS.WEBHOOK_ALLOW_LOOPBACK.default);
    assert.equal(config.workerWarm, CONFIG_FIELDS.WORKER_WARM.default);
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
