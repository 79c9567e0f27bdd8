import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseJsonInSlices } from '../../src/http/json-slices.ts';

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
    '{"a":[{"b":1}],"a":[2]}',
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
