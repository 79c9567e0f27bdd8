/** JSON inside the console's pages (src/web/console/customer-sections.ts, assessment-section.ts). */

/**
 * JSON for a <script type="application/json"> block: `<` (so no `</script>` or `<!--`), `>`, `&` and the two
 * JavaScript line terminators become \u escapes, which JSON.parse turns back into the same characters.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
