/**
 * What one statement text says, independent of amount and account: its normalised form and channel, the payees
 * and words the lexicon finds in it, and a few structural facts. Computed once per distinct text and cached for
 * the batch (statements repeat the same payees month after month).
 */
import { itemAt } from '../../lib/indexing.ts';
import { scanInto } from './lexicon.ts';
import type { ScanResult } from './lexicon.ts';
import { ByTokens, CODE_FLAG } from './normalize-description.ts';
import type { Channel, ScratchText } from './normalize-description.ts';

/** The analysis of one statement text. */
export interface TextAnalysis extends ScanResult {
  normalized: string;
  channel: Channel;
  /** a street word in the text (RD, STREET, FLAT, ...) */
  address: boolean;
  /** the text began with the code "BP" (a bill payment, or the fuel brand on a card payment) */
  billPaymentCode: boolean;
}

/** Street words that make a standing order's reference an address. */
const ADDRESS_WORDS = new Set([
  'RD',
  'ROAD',
  'ST',
  'STREET',
  'AVE',
  'AVENUE',
  'LANE',
  'LN',
  'CLOSE',
  'CRESCENT',
  'DRIVE',
  'GROVE',
  'TERRACE',
  'FLAT',
  'APARTMENT',
  'APT',
]);

function analyzeText(text: ScratchText): TextAnalysis {
  let address = false;
  for (let k = text.from; k < text.to && !address; k++) address = ADDRESS_WORDS.has(itemAt(text.tokens, k));
  const analysis: TextAnalysis = {
    normalized: text.normalized,
    channel: text.channel,
    strong: null,
    merchant: null,
    merchantStrict: null,
    keyword: null,
    keywordPlain: null,
    // TFR/TRF codes are own-transfer wording as much as "TO SAVINGS" is.
    ownTransfer: (text.codeFlags & CODE_FLAG.ownTransfer) !== 0,
    ownTransferWords: false,
    savingsWords: false,
    fee: false,
    address,
    billPaymentCode: (text.codeFlags & CODE_FLAG.billPayment) !== 0,
  };
  scanInto(text.tokens, text.from, text.to, analysis);
  return analysis;
}

/**
 * A per-batch cache of text analyses: by text, and below that by the text's tokens (ByTokens), so texts that differ
 * only in their numbers and dates share one analysis.
 */
export class TextCache {
  readonly #entries = new Map<string, TextAnalysis>();
  readonly #byTokens = new ByTokens<TextAnalysis>();

  get(description: string): TextAnalysis {
    let found = this.#entries.get(description);
    if (found === undefined) {
      found = this.#byTokens.get(description, analyzeText);
      this.#entries.set(description, found);
    }
    return found;
  }
}
