/**
 * Browsers at API addresses: a person reads the answer, so it is a page (the hosted pages' layout, src/web), not a
 * JSON problem.
 */
/** Whether the request comes from a browser navigating (it asks for HTML first). */
export function wantsHtml(accept: string | undefined): boolean {
  return /text\/html/.test(accept ?? '');
}
