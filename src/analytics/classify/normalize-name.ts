/**
 * Normalises a merchant, brand or payee name into the token form the classifier matches on.
 * Statement text goes through the same character rules (normalize-description.ts), so a name written
 * "Sainsbury's", "SAINSBURYS" or "sainsbury’s" meets the statement's "SAINSBURYS S/MKT" as the token SAINSBURYS.
 *
 * Rules: upper-case; accents dropped; apostrophes dropped (they join: SAINSBURY'S → SAINSBURYS); "&" becomes the
 * word AND (so M&S, M & S and "M AND S" agree); every other non-alphanumeric character separates tokens;
 * legal-form tokens (LTD, LIMITED, PLC, LLP) are dropped because banks include them inconsistently.
 */

/** Tokens that never distinguish a payee. */
export const LEGAL_FORM_TOKENS: ReadonlySet<string> = new Set(['LTD', 'LIMITED', 'PLC', 'LLP']);

const MARKS = /[\u0300-\u036f]/g;
const APOSTROPHES = /['’`]/g;
const PARENTHESISED = /\([^)]*\)/g;
const SEPARATORS = /[^A-Z0-9]+/;

/** Upper-case ASCII form of any text: accents removed, non-Latin letters dropped. */
export function foldToAscii(text: string): string {
  return text.normalize('NFD').replace(MARKS, '').toUpperCase();
}

/**
 * Tokens of a name. Parenthesised parts are dropped first: in reference data they qualify the entry
 * ("Metro Bank (UK)", "Santander (UK)") and never appear on a statement.
 */
export function nameTokens(name: string): string[] {
  const folded = foldToAscii(name).replace(PARENTHESISED, ' ').replace(APOSTROPHES, '').replaceAll('&', ' AND ');
  return folded.split(SEPARATORS).filter((t) => t !== '' && !LEGAL_FORM_TOKENS.has(t));
}

/** The normalised name: its tokens joined by single spaces ("" when nothing is left). */
export function normalizeName(name: string): string {
  return nameTokens(name).join(' ');
}
