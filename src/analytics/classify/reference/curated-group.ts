import type { TargetKey } from '../targets.ts';

/**
 * A hand-curated list of payees sharing one rule target. Each name is "Display name|VARIANT|VARIANT": the
 * display name is what the classifier reports as the merchant; it and every variant are matched after
 * normalisation (normalize-name.ts), so "Sainsbury's" also matches SAINSBURYS. Variants are the spellings banks
 * actually print (abbreviations, legal names, old brand names). A display name starting with "~" is not matched
 * itself, for brands whose name is an ordinary word ("~Very|VERY CO UK": VERY alone must not match).
 */
export interface CuratedGroup {
  readonly target: TargetKey;
  /**
   * Weak entries are payment intermediaries (PayPal, Square, SumUp, GoCardless): any other payee named in the
   * same text wins ("PAYPAL *NETFLIX" is Netflix).
   */
  readonly weak?: boolean;
  readonly names: readonly string[];
}
