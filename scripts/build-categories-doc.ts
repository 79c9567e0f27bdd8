/**
 * Writes docs/categories.md from the taxonomy data, so the document never drifts from the code.
 * Run: npx node scripts/build-categories-doc.ts   (a test checks the committed file is current)
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderCategoriesDoc } from '../src/analytics/categories/render-doc.ts';

const target = fileURLToPath(new URL('../docs/categories.md', import.meta.url));
writeFileSync(target, renderCategoriesDoc());
console.log(`wrote ${target}`);
