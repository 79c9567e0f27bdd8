/**
 * Gambling operators from the Gambling Commission premises register (2018). The register lists every trading
 * name a licensee uses, many of them ordinary words ("Circus", "Globe", "Regent", "Admiral" — also an insurer)
 * and some licensees are not gambling businesses first (motorway services, holiday parks; see the source
 * README). So a name is kept only when it says gambling itself (BET, BINGO, CASINO, ...) or is a trading name
 * of a licensee whose main activity is betting shops and is distinctive (two words or more, or one word of six
 * letters or more: "Paddy Power", "Ladbrokes"). Casino and bingo trading names without a gambling word are too
 * often ordinary words. Holiday parks and hotels are left out even when their licensee runs bingo, and so are
 * family entertainment centres (children's arcades).
 */
import { normalizeName } from '../../src/analytics/classify/normalize-name.ts';
import { field } from './csv.ts';
import { isUsableBrandName } from './stoplist.ts';

const NOT_GAMBLING = /(^|\s)(HOLIDAY|HOLIDAYS|HOTEL|HOTELS|COUNTRY PARK|PONTINS)(\s|$)/;
const GENERIC = new Set([
  'GAMING',
  'SLOTS',
  'BOOKIES',
  'THE ARCADE',
  'SOCIAL CLUB',
  'THE SPORTSMAN',
  'THE RITZ',
  'VICTORIA CLUB',
]);
const GAMBLING_WORD =
  /(^|\s)(\w*BET\w*|BINGO|CASINOS?|BOOKMAKERS?|BOOKIES?|TOTE|GAMING|SLOTS?|AMUSEMENTS?|LOTTO|LOTTERY|POOLS|ARCADES?|CASHINO)(\s|$)/;
const GAMBLING_ACTIVITIES = new Set([
  'Betting Shop',
  'Bingo',
  'Casino',
  'Casino 2005',
  'Pool Betting',
  'Betting Intermediary',
]);
const ARCADE_ACTIVITIES = new Set(['Adult Gaming Centre']);

/** The licensee's activity with the most premises. */
function mainActivity(activities: string): string {
  let best = '';
  let bestCount = -1;
  for (const part of activities.split(';')) {
    const [name, count] = part.split(':');
    if (name !== undefined && Number(count) > bestCount) {
      best = name;
      bestCount = Number(count);
    }
  }
  return best;
}

/** [normalised name, display name] pairs, sorted and unique. */
export function buildGamblingOperators(rows: Record<string, string>[]): [string, string][] {
  const kept = new Map<string, string>();
  for (const row of rows) {
    const main = mainActivity(field(row, 'activities'));
    if (!GAMBLING_ACTIVITIES.has(main) && !ARCADE_ACTIVITIES.has(main)) continue;
    const licensee = field(row, 'licensee_name');
    const names = [licensee, ...field(row, 'trading_names').split(';')].filter((n) => n.trim() !== '');
    for (const name of names) {
      // The source cut some names at an HTML-escaped ampersand ("Palace Bingo &amp"): drop the stub.
      const clean = name.replace(/\s*&amp;?.*$/, '').trim();
      const normalised = normalizeName(clean);
      if (!isUsableBrandName(normalised) || kept.has(normalised) || GENERIC.has(normalised)) continue;
      if (NOT_GAMBLING.test(normalised)) continue;
      const saysGambling = GAMBLING_WORD.test(normalised);
      const distinctive = normalised.includes(' ') || normalised.length >= 6;
      const bookmakerBrand = main === 'Betting Shop' && distinctive && name !== licensee;
      if (saysGambling || bookmakerBrand) kept.set(normalised, clean.replace(/\s+(Limited|Ltd)$/i, '').trim());
    }
  }
  return [...kept.entries()].sort((a, b) => a[0].localeCompare(b[0]));
}
