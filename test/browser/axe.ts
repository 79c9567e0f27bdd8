/**
 * axe-core in the hosted pages: the library is evaluated in the page through the DevTools protocol (which the pages'
 * CSP does not govern, so the CSP stays as strict as served), then run on the whole document. Serious and critical
 * violations fail; the page is checked at phone and desktop sizes, and screenshots are kept at both.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshots } from '../helpers/browser.ts';

const AXE_SOURCE = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown; failureSummary?: string }>;
}

/** The serious and critical violations axe finds in the page (or frame) as it is now. */
export async function axeViolations(target: Page | Frame): Promise<Violation[]> {
  if (!(await target.evaluate('typeof window.axe === "object"'))) await target.evaluate(AXE_SOURCE);
  const violations = (await target.evaluate(
    `window.axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) })))`,
  )) as Violation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

function describeViolations(vs: Violation[]): string {
  return vs
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join('\n')}`,
    )
    .join('\n');
}

/** axe at desktop and phone sizes (left at phone size), with screenshots at both. */
export async function assertAccessible(page: Page, name: string): Promise<void> {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    const found = await axeViolations(page);
    assert.deepEqual(found, [], `${name} at ${size.width}×${size.height}:\n${describeViolations(found)}`);
  }
  await screenshots(page, name);
}
