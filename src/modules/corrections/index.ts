/** The corrections module's public face: what the console uses to change a category (src/web/console). */
export { correctTransactionCategory, listLatestCategorised } from './corrections.service.ts';
export type { Actor, CorrectionContext } from './corrections.service.ts';
