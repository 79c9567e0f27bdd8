/**
 * Transaction codes UK banks put around the payee on statements, and what they say about the payment.
 * Barclays/Lloyds/HSBC/NatWest styles: "DD", "SO", "BGC", "FPI"/"FPO", "VIS"/"POS", "CPT" (cashpoint), "CHQ",
 * "BP" (bill payment), "TFR", "CR"/"DR"; and spelled-out forms ("CARD PAYMENT TO", "DIRECT DEBIT PAYMENT TO").
 */

/** How money moved, as far as the statement text tells. Plain numbers: no enums in this code base. */
export const CHANNEL = {
  none: 0,
  directDebit: 1,
  standingOrder: 2,
  credit: 3,
  transferIn: 4,
  transferOut: 5,
  card: 6,
  cash: 7,
  cheque: 8,
} as const;

export type Channel = (typeof CHANNEL)[keyof typeof CHANNEL];

const leading: [string, Channel][] = [
  ['CARD PAYMENT TO', CHANNEL.card],
  ['CARD PAYMENT', CHANNEL.card],
  ['CARD PURCHASE', CHANNEL.card],
  ['CARD TRANSACTION', CHANNEL.card],
  ['DEBIT CARD', CHANNEL.card],
  ['DEBIT CARD PAYMENT', CHANNEL.card],
  ['CONTACTLESS PAYMENT', CHANNEL.card],
  ['CONTACTLESS', CHANNEL.card],
  ['VIS', CHANNEL.card],
  ['VISA', CHANNEL.card],
  ['POS', CHANNEL.card],
  ['C L', CHANNEL.card],
  ['PURCHASE', CHANNEL.card],
  ['DEB', CHANNEL.card],
  ['DD', CHANNEL.directDebit],
  ['DDR', CHANNEL.directDebit],
  ['DIRECT DEBIT', CHANNEL.directDebit],
  ['DIRECT DEBIT PAYMENT', CHANNEL.directDebit],
  ['DIRECT DEBIT PAYMENT TO', CHANNEL.directDebit],
  ['DIRECT DEBIT TO', CHANNEL.directDebit],
  ['SO', CHANNEL.standingOrder],
  ['STO', CHANNEL.standingOrder],
  ['STANDING ORDER', CHANNEL.standingOrder],
  ['STANDING ORDER TO', CHANNEL.standingOrder],
  ['BGC', CHANNEL.credit],
  ['BANK GIRO CREDIT', CHANNEL.credit],
  ['GIRO', CHANNEL.credit],
  ['BACS', CHANNEL.credit],
  ['BACS CREDIT', CHANNEL.credit],
  ['CREDIT', CHANNEL.credit],
  ['CR', CHANNEL.credit],
  ['FPI', CHANNEL.transferIn],
  ['FASTER PAYMENT RECEIVED', CHANNEL.transferIn],
  ['PAYMENT FROM', CHANNEL.transferIn],
  ['RECEIVED FROM', CHANNEL.transferIn],
  ['TRANSFER FROM', CHANNEL.transferIn],
  ['FASTER PAYMENTS RECEIPT', CHANNEL.transferIn],
  ['FPO', CHANNEL.transferOut],
  ['FP', CHANNEL.transferOut],
  ['FASTER PAYMENT', CHANNEL.transferOut],
  ['FASTER PAYMENT TO', CHANNEL.transferOut],
  ['FASTER PAYMENTS', CHANNEL.transferOut],
  ['PAYMENT TO', CHANNEL.transferOut],
  ['BILL PAYMENT', CHANNEL.transferOut],
  ['BILL PAYMENT TO', CHANNEL.transferOut],
  ['BP', CHANNEL.transferOut],
  ['ONLINE PAYMENT', CHANNEL.transferOut],
  ['ONLINE BANKING', CHANNEL.transferOut],
  ['MOBILE PAYMENT', CHANNEL.transferOut],
  ['TFR', CHANNEL.transferOut],
  ['TRF', CHANNEL.transferOut],
  ['TRANSFER', CHANNEL.transferOut],
  ['TRANSFER TO', CHANNEL.transferOut],
  ['TFR TO', CHANNEL.transferOut],
  ['TRF TO', CHANNEL.transferOut],
  ['TFR FROM', CHANNEL.transferIn],
  ['TRF FROM', CHANNEL.transferIn],
  ['WWW', CHANNEL.none],
  ['DR', CHANNEL.none],
  ['DEBIT', CHANNEL.none],
  ['PAYMENT', CHANNEL.none],
  ['CPT', CHANNEL.cash],
  ['LNK', CHANNEL.cash],
  ['CHQ', CHANNEL.cheque],
  ['CHEQUE', CHANNEL.cheque],
];

/** Leading code phrase (tokens joined by one space) → channel. */
export const LEADING_CODES: ReadonlyMap<string, Channel> = new Map(leading);

/** Codes that banks append after the payee. */
export const TRAILING_CODES: ReadonlyMap<string, Channel> = new Map<string, Channel>([
  ['CR', CHANNEL.credit],
  ['DR', CHANNEL.none],
  ['DD', CHANNEL.directDebit],
  ['SO', CHANNEL.standingOrder],
  ['STO', CHANNEL.standingOrder],
  ['FP', CHANNEL.transferOut],
  ['FPI', CHANNEL.transferIn],
  ['FPO', CHANNEL.transferOut],
  ['BGC', CHANNEL.credit],
  ['VIS', CHANNEL.card],
  ['VISA', CHANNEL.card],
  ['POS', CHANNEL.card],
  ['CONTACTLESS', CHANNEL.card],
  ['TFR', CHANNEL.transferOut],
  ['CHQ', CHANNEL.cheque],
]);

/**
 * What a leading code says beyond the channel, as bits. `billPayment`: the code was "BP", which on a card payment
 * is the fuel brand whose name a terminal printed, not a bill payment (classify.ts). `ownTransfer`: TFR/TRF
 * codes, which banks print on transfers between a customer's own accounts (a hint, see own-transfers.ts).
 */
export const CODE_FLAG = { billPayment: 1, ownTransfer: 2 } as const;

/** Leading code phrases with flags. */
const LEADING_CODE_FLAGS: ReadonlyMap<string, number> = new Map<string, number>([
  ['BP', CODE_FLAG.billPayment],
  ['TFR', CODE_FLAG.ownTransfer],
  ['TRF', CODE_FLAG.ownTransfer],
  ['TFR TO', CODE_FLAG.ownTransfer],
  ['TRF TO', CODE_FLAG.ownTransfer],
  ['TFR FROM', CODE_FLAG.ownTransfer],
  ['TRF FROM', CODE_FLAG.ownTransfer],
  ['TRANSFER TO', CODE_FLAG.ownTransfer],
  ['TRANSFER FROM', CODE_FLAG.ownTransfer],
]);

/** One word of the leading code phrases: what the phrase ending here says (null: none ends here), and the words that go on. */
export interface CodeWord {
  readonly channel: Channel | null;
  readonly flags: number;
  readonly next: ReadonlyMap<string, CodeWord> | null;
}

/**
 * The leading code phrases as a word trie ("CARD" → "PAYMENT" → "TO"): a text's words are read one map step each,
 * without building the phrases, and stop being read as a code at the first word that goes on with none (most texts
 * at their first word).
 */
export const LEADING_CODE_WORDS: ReadonlyMap<string, CodeWord> = (() => {
  interface Building {
    channel: Channel | null;
    flags: number;
    next: Map<string, Building> | null;
  }
  const root = new Map<string, Building>();
  for (const [phrase, channel] of leading) {
    let level = root;
    let node: Building | undefined;
    for (const word of phrase.split(' ')) {
      if (node) level = node.next ??= new Map();
      node = level.get(word);
      if (!node) level.set(word, (node = { channel: null, flags: 0, next: null }));
    }
    if (node === undefined) continue;
    node.channel = channel;
    node.flags = LEADING_CODE_FLAGS.get(phrase) ?? 0;
  }
  return root;
})();

/**
 * Names and wordings that begin with a code word, so the code is not stripped when the text goes on with the
 * whole phrase: BP the fuel brand ("BP CONNECT", but "BP SERVICE CHARGE" is a bill payment of a service charge),
 * So Energy, Dr. Martens, "CREDIT CARD" and "DEBIT INTEREST" wording. A test checks every name and keyword that
 * starts with a code word is covered by one of these.
 */
const protectedPhrases = [
  'BP CONNECT',
  'BP EXPRESS',
  'BP PETROL',
  'BP FUEL',
  'BP SERVICE STATION',
  'BP GAS STATION',
  'BP STATION',
  'BP PULSE',
  'BP CHARGEMASTER',
  'BP PENSION',
  'BP AMERICA',
  'BP SHOP',
  'SO ENERGY',
  'DR MARTENS',
  'CREDIT CARD',
  'CREDIT INTEREST',
  'DEBIT INTEREST',
  'PAYMENT ASSIST',
  'PAYMENT PROTECTION',
  'CREDIT SPRING',
  'CREDIT UNION',
  'TRANSFER WISE',
  'CR LOANS',
  'DEBIT CARD',
  'DIRECT LINE',
  'BACS SALARY',
  'POS FEE',
  'CHEQUE RETURNED',
  'DIRECT DEBIT',
  'CREDIT VOUCHER',
  'GIRO CHEQUE',
  'CREDIT FIX',
  'PAYMENT SENSE',
  'DD UNPAID',
  'DD RETURNED',
  'DD REVERSAL',
  'DD RECALL',
  'DD RTN',
];

/**
 * Protected phrases by their first word, then their second ("BP" → "CONNECT" → [[]], "BP" → "SERVICE" →
 * [["STATION"]]): the words that must follow the pair for the code to stay.
 */
export const PROTECTED: ReadonlyMap<string, ReadonlyMap<string, readonly (readonly string[])[]>> = (() => {
  const byCode = new Map<string, Map<string, string[][]>>();
  for (const phrase of protectedPhrases) {
    const [code = '', next = '', ...rest] = phrase.split(' ');
    const byNext = byCode.get(code) ?? new Map<string, string[][]>();
    byCode.set(code, byNext);
    const tails = byNext.get(next) ?? [];
    tails.push(rest);
    byNext.set(next, tails);
  }
  return byCode;
})();

/** The protected phrases (for tests). */
export const PROTECTED_PHRASES: readonly string[] = protectedPhrases;
