import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCheckedJson, parseJsonInSlices } from './json-slices.ts';
import { JsonInputError, MAX_JSON_DEPTH } from './json-checks.ts';

const same = async (text: string) => {
  let expected: unknown;
  let expectedError: unknown = null;
  try {
    expected = JSON.parse(text);
  } catch (err) {
    expectedError = err;
  }
  if (expectedError) await assert.rejects(parseJsonInSlices(text), SyntaxError, text);
  else assert.deepEqual(await parseJsonInSlices(text), expected, text);
};

describe('parseJsonInSlices gives exactly what JSON.parse gives', () => {
  const cases = [
    '{"transactions":[{"a":1},{"b":"x,]}"}]}',
    ' { "transactions" : [ ] , "n" : 1 } ',
    '{}',
    '[1,2]',
    '"s"',
    '{"a":[1,[2,3],{"c":"\\"]"}],"b":{"x":[1]}}',
    '{"a":[1,2,]}',
    '{"a":[1 2]}',
    '{"a":[1,2]',
    '{"a":[1,2]}x',
    '{"a":"unterminated}',
    '{"a":[tru]}',
    '{"a":[1],}',
    '',
    '{"__proto__":[1]}',
    '{"k\\u0041":[null,false,-1.5e3]}',
  ];
  for (const c of cases) test(JSON.stringify(c), () => same(c));

  test('a big body with many elements', async () => {
    const big = JSON.stringify({
      transactions: Array.from({ length: 30_000 }, (_, i) => ({
        id: `t${i}`,
        name: `A "quoted", [bracketed] {name} ${i}`,
        amount: i / 100,
      })),
      meta: { n: 1 },
    });
    assert.deepEqual(await parseJsonInSlices(big), JSON.parse(big));
  });
});

describe('the checks JSON.parse does not make, with the pointer of the member', () => {
  const refused: Array<[string, string]> = [
    ['{"transactions":[{"a":1},{"name":"x\\u0000y"}]}', '/transactions/1/name'],
    ['{"a":{"b":["ok","\\ud800"]}}', '/a/b/1'],
    ['{"a":"\\udc00\\ud800"}', '/a'],
    ['{"a":"\\ud800x"}', '/a'],
    ['{"a":"\\ud800\\n"}', '/a'],
    ['{"a":[{"k\\u0000":1}]}', '/a/0/k\uFFFD'],
    ['{"transactions":[{"a":1},{"b":1,"name":2,"name":3}]}', '/transactions/1/name'],
    ['{"a":[{"b":1}],"a":[2]}', '/a'],
    ['{"x":1,"x":2}', '/x'],
    ['{"a/b":{"~":1,"\\u007e":2}}', '/a~1b/~0'],
    ['[' + '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH) + ']', '/0'.repeat(MAX_JSON_DEPTH)],
    ['{"m":{' + Array.from({ length: 40 }, (_, i) => `"k${i}":${i}`).join() + ',"k7":0}}', '/m/k7'],
  ];
  for (const [text, pointer] of refused) {
    test(`${text.slice(0, 60)} → ${pointer}`, async () => {
      for (const parse of [parseCheckedJson, parseJsonInSlices]) {
        await assert.rejects(
          async () => parse(text),
          (err: unknown) => err instanceof JsonInputError && err.pointer === pointer,
        );
      }
    });
  }

  const accepted = [
    '{"a":"\\ud83d\\ude00 and \\u00e9 and \\\\u0000 (a backslash, then u0000)"}',
    '{"a":[{"x":1},{"x":1}],"b":{"x":{"x":1}}}',
    '[' + '['.repeat(MAX_JSON_DEPTH - 2) + ']'.repeat(MAX_JSON_DEPTH - 2) + ']',
  ];
  for (const text of accepted) test(`accepted: ${text.slice(0, 60)}`, () => same(text));

  test('a malformed body is reported as such, not as what the scan found', async () => {
    const big = '{"transactions":[' + '{"a":1,"a":2},'.repeat(80_000) + '{"a":1}]x';
    await assert.rejects(parseJsonInSlices(big), SyntaxError);
  });

  test('a big body: the pointer names the element', async () => {
    const items = Array.from({ length: 80_000 }, (_, i) => ({ id: `t${i}`, name: 'n' }));
    const text = JSON.stringify({ transactions: items }).replace('"id":"t70001"', '"id":"t70001","id":"again"');
    await assert.rejects(
      parseJsonInSlices(text),
      (err: unknown) => err instanceof JsonInputError && err.pointer === '/transactions/70001/id',
    );
  });
});
