/**
 * What the statement text of a credit says about its payer, for inferring salaries from structure
 * (infer-salary.ts): how the money came (Bacs, Faster Payment), whether the payer is an organisation (legal
 * forms, public bodies), whether the text speaks of pay, a pension or a benefit, and whether the payer looks like a
 * person ("J SMITH", "MRS S PATEL", "SARAH JONES", "MUM") — friends and family send regular money too.
 * Words are read from the raw text (the normalised grouping key drops LTD, PLC and references).
 */
import { isPersonName, typeKey } from '../classify/classify.ts';

export type CreditChannel = 'bacs' | 'faster_payment' | null;

/** Bank transaction types, lower-cased without punctuation. */
const BACS_TYPES = new Set(['bankgirocredit', 'bacs', 'bacscredit', 'bgc', 'credittransfer']);
const FASTER_TYPES = new Set([
  'fasterpayment',
  'fasterpayments',
  'fasterpaymentin',
  'fp',
  'fpi',
  'transfer',
  'banktransfer',
  'standingorder',
  'so',
  'sto',
]);
/**
 * Types that name no channel: the bank filled the field but says only that money came in ("Credit", "Other",
 * ISO 20022's "ReceivedCreditTransfer"). A credit with one of these is read as if the feed gave no type: its series'
 * structure decides (infer-salary.ts). Types that do say what happened (a card, cash, a cheque, interest, a refund,
 * a dividend, a reversed direct debit) keep a credit out of pay.
 */
const SILENT_TYPES = new Set([
  '',
  'credit',
  'cr',
  'other',
  'unknown',
  'misc',
  'miscellaneous',
  'miscellaneouscredit',
  'receivedcredittransfer',
  'domesticcredittransfer',
  'paymentin',
  'moneyin',
  'inboundpayment',
  'receipt',
]);
/** BGC, BACS, BAC (NatWest), "BANK GIRO CREDIT", "Bank credit" (Nationwide), a leading CR (HSBC). */
const BACS_TEXT = /(?:^|[^A-Z])(?:BGC|BACS?|BANK GIRO CREDIT|BANK CREDIT)(?:[^A-Z]|$)|^CR /;
/** FPI, "FASTER PAYMENT(S) RECEIVED/RECEIPT", "FP 14/03/25", "BILL PAYMENT FROM" (Barclays), "TRANSFER FROM". */
const FASTER_TEXT = /(?:^|[^A-Z])(?:FPI|FASTER PAYMENTS?|FP \d|BILL PAYMENT FROM|TRANSFER FROM)(?:[^A-Z]|$)/;

/** Organisations: legal forms and the public bodies that employ most people. */
const COMPANY_WORDS = [
  'LTD',
  'LIMITED',
  'PLC',
  'LLP',
  'CIC',
  'INC',
  'NHS',
  'COUNCIL',
  'TRUST',
  'UNIVERSITY',
  'COLLEGE',
  'SCHOOL',
  'SCHOOLS',
  'ACADEMY',
  'HOSPITAL',
  'SERVICES',
  'GROUP',
  'HOLDINGS',
  'PARTNERSHIP',
  'FOUNDATION',
  'ASSOCIATION',
  // trading names of firms named after people: "R J HOOPER & SONS", "PATEL BROS", "J SMITH & CO"
  'SONS',
  'BROS',
  'BROTHERS',
  'DAUGHTERS',
  'CO',
];
const COMPANY = new Set(COMPANY_WORDS);
/** Bacs cuts payer names to 18 characters: "PENNINE CARE SERVI", "SOUTHERN HOUSING GR" (not the words IN, AS). */
const COMPANY_STUBS = new Set(
  COMPANY_WORDS.flatMap((w) => [2, 3, 4, 5, 6, 7].filter((n) => n < w.length).map((n) => w.slice(0, n))).filter(
    (stub) => stub !== 'IN' && stub !== 'AS',
  ),
);
/** Pay words (on a person-looking payer, "PAY" alone is too weak: "PAY BACK"). */
const PAYROLL = new Set([
  'SALARY',
  'SALARIES',
  'SLRY',
  'SAL',
  'WAGES',
  'WAGE',
  'PAYROLL',
  'PAYE',
  'NETPAY',
  'EARNINGS',
]);
const PAYROLL_TEXT = /(?:^|[^A-Z])(?:NET PAY|WK ?\d{1,2}|WEEK ?\d{1,2}|TAX (?:WEEK|MONTH))(?:[^A-Z]|$)/;
/** Pension words, including what an 18-character cut leaves ("CIVIL SERVICE PENS"). */
const PENSION = /(?:^|[^A-Z])(?:PENS|PENSI|PENSIO|PENSION|PENSIONS|PNSN|ANNUITY|ANNUITIES|SUPERAN\w*|LGPS)(?:[^A-Z]|$)/;
/**
 * Benefits and the offices that pay them. The payer decides before the words (docs/classification.md, "Order of
 * evidence"): the offices (DWP, HMRC, the old DSS) and the words BENEFIT and BURSARY name a benefit on their own;
 * a benefit's abbreviation ("BRISTOL CITY COUNC HB 7731002" is Housing Benefit, "SOCIAL SECURITY SC ADP" Adult
 * Disability Payment) only beside a paying office (a council, DWP, HMRC, Social Security Scotland) or alone with
 * its reference ("UC 5510293381"): "HB ELECTRICAL LTD", "EXE LEISURE CTR" and "PIP STUDIOS" are firms.
 */
const BENEFIT_OFFICES = new Set(['DWP', 'HMRC', 'DSS', 'JOBCENTRE']);
const BENEFIT_WORDS = new Set(['BENEFIT', 'BENEFITS', 'BURSARY']);
const BENEFIT_ABBREVIATIONS = new Set(['HB', 'CTR', 'UC', 'CHB', 'ESA', 'JSA', 'PIP', 'DLA', 'ADP', 'SCP', 'CDP']);
/** A council as Bacs texts write it: "LEEDS CITY COUNCIL", "BRISTOL CITY COUNC", "WOLVERHAMPTON CC", "BOLTON MBC". */
const COUNCIL_WORD = /^(?:COUN\w*|CC|BC|MBC|DC|CBC|RBC)$/;
/** Legal forms: a firm called "Benefit ..." is not a benefit office. */
const LEGAL_FORMS = new Set(['LTD', 'LIMITED', 'PLC', 'LLP', 'INC', 'CIC']);
/** Benefit phrases (ALLOWANCE alone may be pay: "CAR ALLOWANCE"), and Social Security Scotland ("SOCIAL SECURITY SC ADP": Adult Disability Payment). */
const BENEFIT_TEXT =
  /HOUSING BEN|SOCIAL SECURITY|CHILD PAYMENT|DISABILITY PAYMENT|PENSION CREDIT|WINTER FUEL|COLD WEATHER|JOBSEEKER|ATTENDANCE ALL|CARERS? ALL|MATERNITY ALL|BEREAVEMENT/;
const TITLES = new Set(['MR', 'MRS', 'MS', 'MISS', 'MX', 'DR', 'MSTR', 'MASTER', 'REV']);
const FAMILY = new Set([
  'MUM',
  'MUMMY',
  'MOM',
  'MAM',
  'MAMA',
  'MOTHER',
  'DAD',
  'DADDY',
  'FATHER',
  'PARENTS',
  'NAN',
  'NANA',
  'NANNA',
  'NANNY',
  'GRAN',
  'GRANNY',
  'GRANDMA',
  'GRANDAD',
  'GRANDDAD',
  'GRANDPA',
  'AUNT',
  'AUNTIE',
  'AUNTY',
  'UNCLE',
  'SISTER',
  'BROTHER',
  'SIS',
  'BRO',
  'DAUGHTER',
  'HUSBAND',
  'WIFE',
  'PARTNER',
]);

/** The words of a raw statement text, upper-cased. */
export function wordsOf(text: string): string[] {
  return text
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((w) => w !== '');
}

/** How a credit came, from the bank's type or, failing that, the text's code; null when neither says. */
export function creditChannel(type: string | null, description: string): CreditChannel {
  const key = typeKey(type);
  if (BACS_TYPES.has(key)) return 'bacs';
  if (FASTER_TYPES.has(key)) return 'faster_payment';
  const text = description.toUpperCase();
  if (BACS_TEXT.test(text)) return 'bacs';
  if (FASTER_TEXT.test(text)) return 'faster_payment';
  return null;
}

/** Whether the bank's type, if any, says nothing of how a credit came (SILENT_TYPES). */
export function isSilentType(type: string | null): boolean {
  return SILENT_TYPES.has(typeKey(type));
}

/** A legal form or public body in the text (a cut-short one at its end: "PENNINE CARE SERVI"). */
export function hasCompanyWords(description: string): boolean {
  const words = wordsOf(description);
  const lastWord = words[words.length - 1] ?? '';
  return words.some((w) => COMPANY.has(w)) || (description.length >= 18 && COMPANY_STUBS.has(lastWord));
}

export function hasPayrollWords(description: string): boolean {
  return wordsOf(description).some((w) => PAYROLL.has(w)) || PAYROLL_TEXT.test(description.toUpperCase());
}

export function hasPensionWords(description: string): boolean {
  return PENSION.test(description.toUpperCase());
}

/** A benefit or its paying office named in the text: never pay, whatever its rhythm. */
export function hasBenefitWords(description: string): boolean {
  const text = description.toUpperCase();
  if (BENEFIT_TEXT.test(text)) return true;
  const words = wordsOf(text);
  if (words.some((w) => BENEFIT_OFFICES.has(w))) return true;
  if (words.some((w) => BENEFIT_WORDS.has(w)) && !words.some((w) => LEGAL_FORMS.has(w))) return true;
  if (!words.some((w) => BENEFIT_ABBREVIATIONS.has(w))) return false;
  // an abbreviation: beside a council, or alone with its reference (every other word carries a digit)
  return words.some((w) => COUNCIL_WORD.test(w)) || words.every((w) => BENEFIT_ABBREVIATIONS.has(w) || /\d/.test(w));
}

/**
 * Whether a payer's name (the grouping key: "J SMITH", "MRS S PATEL RENT", "SARAH JONES", "RECEIVED REF MUM")
 * looks like a person: a family word; a title first; an initial beside a name ("J SMITH", "SMITH J", but not
 * "B AND Q"); or a name of two or three words that starts and ends with common first names or surnames.
 */
export function looksLikePerson(payer: string): boolean {
  const tokens = payer.split(' ').filter((t) => t !== '');
  if (tokens.length === 0) return false;
  if (tokens.some((t) => FAMILY.has(t)) || TITLES.has(tokens[0] ?? '')) return true;
  const isName = (t: string | undefined): boolean => t !== undefined && t !== 'AND' && /^[A-Z]{2,}$/.test(t);
  for (let i = 0; i < Math.min(tokens.length, 3); i++) {
    if (/^[A-Z]$/.test(tokens[i] ?? '') && (isName(tokens[i - 1]) || isName(tokens[i + 1]))) return true;
  }
  const head = tokens.slice(0, 3);
  return (
    tokens.length <= 3 &&
    tokens.length >= 2 &&
    head.every((t) => isName(t)) &&
    isPersonName(head[0] ?? '') &&
    isPersonName(head[head.length - 1] ?? '')
  );
}
