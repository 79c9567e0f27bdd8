/**
 * The customer page's latest transactions with their categories; an admin changes one there
 * (docs/decisions/0061-category-corrections-and-rules.md). A viewer sees the categories only.
 */
import { categoriesFor } from '../../analytics/categories/taxonomy.ts';
import { fitsDirection } from '../../analytics/classify/client-corrections.ts';
import type { AccountType } from '../../analytics/types.ts';
import { formatMoney } from '../../modules/overview/index.ts';
import type { ConsoleSession } from '../../modules/console/index.ts';
import { formatDate, html, type Html } from '../html.ts';
import { csrfField } from './console-layout.ts';

/** How many of the latest transactions the page lists. */
export const CORRECTABLE_TRANSACTIONS = 20;

export interface CorrectableTransaction {
  id: string;
  accountType: AccountType;
  name: string;
  amount: number;
  currency: string;
  booking_date_time: number;
  category_id: string | null;
  category: string | null;
  category_source: string | null;
  original_category: string | null;
}

function source(t: CorrectableTransaction): string {
  if (t.category_source === 'correction')
    return ` (corrected; the engine said ${t.original_category ?? 'nothing yet'})`;
  if (t.category_source === 'rule') return ' (by a rule)';
  return '';
}

function categoryForm(session: ConsoleSession, customerId: string, t: CorrectableTransaction): Html {
  const options = categoriesFor(t.accountType).filter((c) => fitsDirection(c, t.amount));
  const action = `/console/customers/${encodeURIComponent(customerId)}/transactions/${encodeURIComponent(t.id)}/category`;
  return html`<form class="inline-form" method="post" action="${action}">${csrfField(session.csrfToken)}
<select name="category_id" aria-label="Category of ${t.name}">
${options.map((c) => html`<option value="${c.id}"${c.id === t.category_id ? html` selected` : ''}>${c.name}</option>`)}
${t.category_source === 'correction' ? html`<option value="">Undo the correction</option>` : ''}
</select> <button type="submit" class="secondary">Change</button></form>`;
}

export function categorySection(
  session: ConsoleSession,
  customerId: string,
  txs: readonly CorrectableTransaction[],
): Html {
  if (txs.length === 0) return html``;
  const admin = session.role === 'admin';
  return html`<section class="overview-section" id="transaction-categories" aria-labelledby="transaction-categories-heading">
<h2 id="transaction-categories-heading">Latest transactions and their categories</h2>
<p class="note">${admin ? 'A category you change here wins over the engine in every report; the report is recomputed.' : 'Only an admin can change a category.'}</p>
<div class="table-wrap"><table><caption>The latest ${txs.length} transactions</caption>
<thead><tr><th scope="col">Date</th><th scope="col">Description</th><th scope="col">Amount</th><th scope="col">Category</th></tr></thead>
<tbody>${txs.map(
    (t) =>
      html`<tr><td>${formatDate(new Date(t.booking_date_time * 1000))}</td><td>${t.name}</td><td class="num">${formatMoney(t.amount, t.currency)}</td><td>${
        admin ? categoryForm(session, customerId, t) : (t.category ?? '')
      }${source(t)}</td></tr>`,
  )}</tbody></table></div>
</section>`;
}
