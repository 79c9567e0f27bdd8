/**
 * A node:test reporter (`--test-reporter=./test/helpers/summary-reporter.ts`) that writes one honest summary of a
 * run, for .ci/run. The runner's own "fail N" counts failing tests only: a describe() whose body throws before
 * its tests are registered (a service that did not start in a suite's setup) fails the run with "fail 0", and a
 * test file that errs after its tests (an unhandled rejection, a non-zero exit) shows only as a diagnostic. Here
 * those count too, each failure is listed with its file, and the verdict is the runner's own (`success`).
 *
 * Output: a block for people, and one line for scripts:
 *   RESULT passed=612 failed=0 cancelled=0 skipped=1 todo=0 outside_tests=0 verdict=PASSED
 */
import path from 'node:path';

interface TestEventData {
  name?: string;
  nesting?: number;
  file?: string;
  skip?: boolean | string;
  todo?: boolean | string;
  message?: string;
  success?: boolean;
  details?: { type?: 'suite' | 'test'; error?: { failureType?: string; message?: string; cause?: unknown } };
}

const relative = (file: string | undefined) => (file ? path.relative(process.cwd(), file) : '(no file)');

function reason(data: TestEventData): string {
  const error = data.details?.error;
  const cause = error?.cause as { message?: string } | string | undefined;
  const text = (typeof cause === 'string' ? cause : cause?.message) ?? error?.message ?? 'failed';
  return text.split('\n').slice(0, 6).join('\n      ');
}

export default async function* summaryReporter(
  source: AsyncIterable<{ type: string; data: TestEventData }>,
): AsyncGenerator<string> {
  const n = { passed: 0, failed: 0, cancelled: 0, skipped: 0, todo: 0, outside: 0 };
  const failures: string[] = [];
  let success: boolean | undefined;
  for await (const { type, data } of source) {
    if (type === 'test:pass' && data.details?.type !== 'suite') {
      if (data.skip) n.skipped++;
      else if (data.todo) n.todo++;
      else n.passed++;
    } else if (type === 'test:fail') {
      const where = `${relative(data.file)}: ${data.name}`;
      const failureType = data.details?.error?.failureType;
      if (data.details?.type === 'suite') {
        // A suite whose tests failed is already counted through them; any other suite failure is outside its tests.
        if (failureType === 'subtestsFailed') continue;
        n.outside++;
        failures.push(`✖ ${where} (the suite failed outside its tests)\n      ${reason(data)}`);
      } else if (failureType === 'cancelledByParent') {
        n.cancelled++;
      } else if (data.nesting === 0 && data.file && data.name === relative(data.file)) {
        // the runner's stand-in for a test file that failed after (or without) its tests
        n.outside++;
        failures.push(`✖ ${where} (the file failed outside its tests: an error after them or a non-zero exit)`);
      } else {
        n.failed++;
        failures.push(`✖ ${where}\n      ${reason(data)}`);
      }
    } else if (type === 'test:diagnostic' && data.file && data.nesting === 0 && data.message) {
      // e.g. "A resource generated asynchronous activity after the test ended ..."
      failures.push(`ℹ ${relative(data.file)}: ${data.message.split('\n')[0]}`);
    } else if (type === 'test:summary' && data.file === undefined) {
      success = data.success;
    }
  }
  const clean = n.failed + n.cancelled + n.outside === 0;
  const verdict = success === true && clean ? 'PASSED' : 'FAILED';
  const lines = ['', `== test summary (${verdict})`];
  if (success === undefined) lines.push('the runner never reported its result (it crashed or was killed)');
  else if (success !== clean) lines.push(`the runner says ${success ? 'success' : 'failure'}; the counts disagree`);
  lines.push(...failures);
  lines.push(
    `RESULT passed=${n.passed} failed=${n.failed} cancelled=${n.cancelled} skipped=${n.skipped} todo=${n.todo} ` +
      `outside_tests=${n.outside} verdict=${verdict}`,
    '',
  );
  yield lines.join('\n');
}
