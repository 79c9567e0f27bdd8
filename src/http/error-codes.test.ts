import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ERROR_CODES, NOT_FOUND_SUBJECTS } from '../lib/app-error.ts';
import { statusForCode } from './error-codes.ts';

test('every declared error code has an HTTP error status, and every <subject>_not_found is a 404', () => {
  assert.equal(new Set(ERROR_CODES).size, ERROR_CODES.length, 'no code is declared twice');
  for (const code of ERROR_CODES) {
    const status = statusForCode(code);
    assert.ok(status >= 400 && status <= 599, `${code} → ${status}`);
    assert.match(code, /^[a-z]+(_[a-z]+)*$/, `${code} is snake_case`);
  }
  for (const subject of NOT_FOUND_SUBJECTS) assert.equal(statusForCode(`${subject}_not_found`), 404);
  assert.equal(statusForCode('validation_failed'), 400);
  assert.equal(statusForCode('report_not_ready'), 409);
  assert.equal(statusForCode('internal_error'), 500);
});
