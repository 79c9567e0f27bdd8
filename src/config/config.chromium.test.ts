/** loadConfig's OBI_CHROMIUM_PATH (docs/operations.md, "The affordability PDF"). */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig › OBI_CHROMIUM_PATH', () => {
  test('unset: /usr/bin/chromium when it exists, otherwise no PDFs', () => {
    assert.equal(loadConfig({}).chromiumPath, existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : null);
  });

  test('off: no PDFs', () => {
    assert.equal(loadConfig({ OBI_CHROMIUM_PATH: 'off' }).chromiumPath, null);
  });

  test('an executable file is taken as it is', () => {
    assert.equal(loadConfig({ OBI_CHROMIUM_PATH: process.execPath }).chromiumPath, process.execPath);
  });

  test('a relative path, a missing file or a directory is a configuration error naming the key', () => {
    for (const value of ['chromium', '/no/such/chromium', '/tmp']) {
      assert.throws(
        () => loadConfig({ OBI_CHROMIUM_PATH: value }),
        (err: unknown) => err instanceof ConfigError && err.problems.some((p) => p.startsWith('OBI_CHROMIUM_PATH:')),
        value,
      );
    }
  });
});
