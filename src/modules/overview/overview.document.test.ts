import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPdfDocument } from './overview.document.ts';
import { overviewFixture } from '../../../test/helpers/overview-fixture.ts';

describe('the PDF document › page 1 on the lender’s letterhead', () => {
  const overview = overviewFixture('plain');
  const report = overview.report;
  if (!report) throw new Error('fixture');
  const logo = 'data:image/svg+xml;base64,PHN2Zy8+';

  test('the logo with the lender’s name as its text alternative, and the name, inside the decision summary', () => {
    const doc = buildPdfDocument(overview, report, new Map(), { name: 'Northgate Lending Ltd', logo });
    const summary = /<section class="summary"[\s\S]*?<\/section>/.exec(doc)?.[0] ?? '';
    assert.ok(summary.includes(`<img src="${logo}" alt="Northgate Lending Ltd">`), 'the logo, described');
    assert.match(summary, /<span class="lender">Northgate Lending Ltd<\/span>/);
  });

  test('without a logo: the name alone, no empty image', () => {
    const doc = buildPdfDocument(overview, report, new Map(), { name: 'Northgate Lending Ltd', logo: null });
    assert.doesNotMatch(doc, /<img/);
    assert.match(doc, /<span class="lender">Northgate Lending Ltd<\/span>/);
  });
});
