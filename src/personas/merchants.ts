/**
 * Card merchants as acquirers describe them. A descriptor is not a brand name: "TESCO STORES 3217",
 * "AMAZON.CO.UK*2B4XK91T3", "SHELL HEADINGLEY". Merchant category codes are ISO 18245 (docs/decisions/0025-reference-data.md).
 *
 * Pattern placeholders: '#' a digit fixed per store (a persona keeps going to the same few stores),
 * '%' a letter or digit new on every transaction (order references), '{AREA}' a district of the persona's town,
 * '{TOWN}' the town itself.
 */
import type { Label } from './labels.ts';
import type { Rng } from './prng.ts';
import type { Town } from './places.ts';
import { merchantTown } from './places.ts';

export interface Merchant {
  id: string;
  /** the brand, sent as merchant_details.merchant_name */
  brand: string;
  mcc: string;
  label: Label;
  patterns: readonly string[];
  /** fixed location field (online merchants); null = the persona's town */
  location: string | null;
  country: string;
  /** pounds */
  min: number;
  mean: number;
  max: number;
}

const m = (
  id: string,
  brand: string,
  mcc: string,
  label: Label,
  patterns: string[],
  mean: number,
  range: [number, number],
  location: string | null = null,
  country = 'GB',
): Merchant => ({ id, brand, mcc, label, patterns, location, country, min: range[0], mean, max: range[1] });

export const MERCHANTS: Readonly<Record<string, Merchant>> = Object.fromEntries(
  [
    m('tesco', 'Tesco', '5411', 'groceries', ['TESCO STORES ####'], 31, [2.5, 160]),
    m('sainsburys', "Sainsbury's", '5411', 'groceries', ['SAINSBURYS S/MKTS', 'SAINSBURYS LOCAL ####'], 33, [2.5, 170]),
    m('aldi', 'Aldi', '5411', 'groceries', ['ALDI ## ###'], 36, [4, 140]),
    m('lidl', 'Lidl', '5411', 'groceries', ['LIDL GB {TOWN}'], 30, [3, 130]),
    m('asda', 'Asda', '5411', 'groceries', ['ASDA STORES ####', 'ASDA SUPERSTORE ####'], 42, [4, 180]),
    m('morrisons', 'Morrisons', '5411', 'groceries', ['WM MORRISON STORE', 'MORRISONS DAILY ####'], 34, [3, 150]),
    m('coop', 'Co-op', '5411', 'groceries', ['CO-OP GROUP ######'], 12, [1.5, 60]),
    m('iceland', 'Iceland', '5411', 'groceries', ['ICELAND FOODS ####'], 24, [3, 90]),
    m('mands', 'M&S', '5411', 'groceries', ['M&S SIMPLY FOOD ####'], 16, [3, 80]),
    m('pret', 'Pret A Manger', '5814', 'eating_out', ['PRET A MANGER', 'PRET A MANGER ###'], 7, [2.5, 18]),
    m('greggs', 'Greggs', '5814', 'eating_out', ['GREGGS PLC', 'GREGGS ####'], 5, [1.2, 14]),
    m('mcdonalds', "McDonald's", '5814', 'eating_out', ['MCDONALDS ####'], 9, [1.5, 28]),
    m('costa', 'Costa Coffee', '5814', 'eating_out', ['COSTA COFFEE #####'], 5, [2.2, 15]),
    m('starbucks', 'Starbucks', '5814', 'eating_out', ['STARBUCKS ####'], 5.5, [2.5, 15]),
    m('nandos', "Nando's", '5812', 'eating_out', ['NANDOS {AREA}'], 32, [9, 90]),
    m('wetherspoon', 'Wetherspoon', '5813', 'eating_out', ['J D WETHERSPOON'], 19, [4, 70]),
    m('deliveroo', 'Deliveroo', '5812', 'eating_out', ['DELIVEROO'], 24, [8, 60], 'LONDON'),
    m('justeat', 'Just Eat', '5814', 'eating_out', ['JUST EAT.CO.UK LTD'], 22, [8, 55], 'LONDON'),
    m('trainline', 'Trainline', '4112', 'transport', ['TRAINLINE.COM'], 34, [6, 160], 'LONDON'),
    m('uber', 'Uber', '4121', 'transport', ['UBER *TRIP'], 13, [5, 45], 'HELP.UBER.COM', 'NL'),
    m('ringgo', 'RingGo', '7523', 'transport', ['RINGGO PARKING'], 4, [1, 12], 'SWINDON'),
    m('shell', 'Shell', '5541', 'fuel', ['SHELL {AREA}'], 52, [15, 95]),
    m('bp', 'BP', '5541', 'fuel', ['BP {AREA} SF'], 50, [15, 95]),
    m('esso', 'Esso', '5541', 'fuel', ['ESSO {AREA}'], 48, [15, 90]),
    m('tescopfs', 'Tesco', '5542', 'fuel', ['TESCO PFS ####'], 49, [15, 90]),
    m('amazon', 'Amazon', '5942', 'shopping', ['AMAZON.CO.UK*%%%%%%%%%'], 21, [3, 180], 'AMAZON.CO.UK'),
    m('amazonmkt', 'Amazon Marketplace', '5999', 'shopping', ['AMZNMKTPLACE*%%%%%%%%%'], 17, [3, 120], 'AMAZON.CO.UK'),
    m('ebay', 'eBay', '5999', 'shopping', ['EBAY O*%%-%%%%%-%%%%%'], 19, [2, 150], 'LONDON'),
    m('argos', 'Argos', '5311', 'shopping', ['ARGOS LTD'], 38, [5, 250]),
    m('poundland', 'Poundland', '5331', 'shopping', ['POUNDLAND LTD ####'], 8, [1, 30]),
    m('bandm', 'B&M', '5331', 'shopping', ['B & M ###'], 18, [2, 80]),
    m('primark', 'Primark', '5651', 'clothing', ['PRIMARK {TOWN}'], 27, [4, 90]),
    m('next', 'Next', '5651', 'clothing', ['NEXT RETAIL ###'], 45, [8, 160]),
    m('tkmaxx', 'TK Maxx', '5651', 'clothing', ['TK MAXX ####'], 32, [5, 120]),
    m('jdsports', 'JD Sports', '5941', 'clothing', ['JD SPORTS ####'], 55, [10, 160]),
    m('bq', 'B&Q', '5200', 'home_garden', ['B & Q ####'], 34, [3, 200]),
    m('screwfix', 'Screwfix', '5200', 'home_garden', ['SCREWFIX DIRECT'], 28, [3, 150]),
    m('ikea', 'IKEA', '5712', 'home_garden', ['IKEA LTD'], 65, [5, 300]),
    m('dunelm', 'Dunelm', '5719', 'home_garden', ['DUNELM ###'], 36, [5, 180]),
    m('boots', 'Boots', '5912', 'health_beauty', ['BOOTS ####'], 13, [1.5, 60]),
    m('superdrug', 'Superdrug', '5912', 'health_beauty', ['SUPERDRUG ####'], 11, [1.5, 45]),
    m('specsavers', 'Specsavers', '8043', 'health_beauty', ['SPECSAVERS {TOWN}'], 60, [15, 180]),
    m('cineworld', 'Cineworld', '7832', 'entertainment', ['CINEWORLD {TOWN}'], 19, [6, 45]),
    m('odeon', 'Odeon', '7832', 'entertainment', ['ODEON CINEMAS'], 17, [6, 40]),
    m('ticketmaster', 'Ticketmaster', '7922', 'entertainment', ['TICKETMASTER UK'], 58, [15, 180], 'LONDON'),
    // business purchases
    m('costco', 'Costco', '5300', 'supplier_payments', ['COSTCO WHOLESALE UK'], 180, [30, 600]),
    m('booker', 'Booker', '5300', 'supplier_payments', ['BOOKER {TOWN}'], 160, [25, 550]),
    m('toolstation', 'Toolstation', '5200', 'equipment_supplies', ['TOOLSTATION {TOWN}'], 42, [4, 260]),
    m('viking', 'Viking', '5111', 'equipment_supplies', ['VIKING DIRECT'], 48, [8, 220], 'LEICESTER'),
    m('bizamazon', 'Amazon', '5942', 'equipment_supplies', ['AMAZON.CO.UK*%%%%%%%%%'], 38, [5, 300], 'AMAZON.CO.UK'),
    m('bizshell', 'Shell', '5541', 'vehicles_travel', ['SHELL {AREA}'], 70, [20, 120]),
  ].map((x) => [x.id, x]),
);

/** A store a persona uses: the pattern with its fixed digits filled in once. */
export interface Store {
  merchant: Merchant;
  pattern: string;
}

/** Fixes the per-store digits of one of the merchant's patterns, from a persona-level stream. */
export function openStore(merchant: Merchant, rng: Rng, town: Town): Store {
  let pattern = rng.pick(merchant.patterns).replace(/#/g, () => String(rng.int(0, 9)));
  pattern = pattern.replace('{TOWN}', merchantTown(town)).replace('{AREA}', rng.pick(town.areas));
  return { merchant, pattern };
}

/** The descriptor of one purchase: per-transaction references filled in. */
export function describe(store: Store, rng: Rng): string {
  return store.pattern.indexOf('%') < 0 ? store.pattern : store.pattern.replace(/%/g, () => rng.alnum(1));
}

/** A purchase amount in pence: log-normal around the mean, kept within the merchant's range. */
export function purchasePence(merchant: Merchant, rng: Rng, scale = 1): number {
  const x = merchant.mean * scale * Math.exp(0.55 * rng.normal() - 0.15);
  const pounds = Math.min(merchant.max * scale, Math.max(merchant.min * Math.min(1, scale * 2), x));
  return Math.max(1, Math.round(pounds * 100));
}
