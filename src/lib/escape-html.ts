/**
 * The one escaper for text placed into HTML or SVG markup (pages, e-mails, bank logos): the five characters
 * that can end a text node or an attribute value become entities.
 */
const SPECIAL = /[<>&"']/g;

function entity(c: string): string {
  switch (c) {
    case '<':
      return '&lt;';
    case '>':
      return '&gt;';
    case '&':
      return '&amp;';
    case '"':
      return '&quot;';
    default:
      return '&#39;';
  }
}

export function escapeHtml(s: string): string {
  return s.replace(SPECIAL, entity);
}
