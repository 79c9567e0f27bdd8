/**
 * npm run docs:examples — runs the reference's flow (test/helpers/reference-flow.ts: a service on a fresh embedded
 * database with a fake clock, driven through its HTTP API) and writes each operation's recorded request and answer
 * to src/http/openapi-examples.json, which the OpenAPI document shows as the operation's examples
 * (docs/decisions/0081-reference-examples.md). Run it after changing an operation's bodies, then `npm run sdk:generate`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { captureExamples } from '../test/helpers/reference-flow.ts';

const file = path.resolve(import.meta.dirname, '../src/http/openapi-examples.json');
const examples = await captureExamples();
const sorted = Object.fromEntries(Object.entries(examples).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
process.stdout.write(
  `${Object.keys(sorted).length} operations' examples written to ${path.relative(process.cwd(), file)}\n`,
);
// The flow's service and webhook receiver are closed; exit before node:test's harness (its helpers register
// `after` hooks) prints an empty test summary.
process.exit(0);
