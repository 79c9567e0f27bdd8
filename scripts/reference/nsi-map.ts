/**
 * Which rule target an OpenStreetMap brand tag (name-suggestion-index `osm_key/osm_value`) means.
 * Tags not listed are dropped from the generated table: they either say nothing about a payment (flagpoles,
 * advertising totems, offices) or are ambiguous on a statement (banks and building societies: a payment to
 * Nationwide may be a mortgage, a loan, a card or savings — the keyword rules decide those).
 */
import type { TargetKey } from '../../src/analytics/classify/targets.ts';

const byTarget: Partial<Record<TargetKey, readonly string[]>> = {
  groceries: [
    'shop/supermarket',
    'shop/convenience',
    'shop/frozen_food',
    'shop/bakery',
    'shop/pastry',
    'shop/deli',
    'shop/health_food',
    'shop/confectionery',
    'shop/chocolate',
    'shop/tea',
    'shop/coffee',
    'shop/alcohol',
    'shop/wine',
    'shop/wholesale',
    'shop/butcher',
    'shop/greengrocer',
    'shop/country_store',
    'shop/newsagent',
    'shop/kiosk',
  ],
  eating_out: [
    'amenity/fast_food',
    'amenity/restaurant',
    'amenity/cafe',
    'amenity/pub',
    'amenity/bar',
    'amenity/ice_cream',
    'amenity/vending_machine',
  ],
  fuel: ['amenity/fuel', 'amenity/charging_station', 'man_made/charge_point'],
  transport: ['amenity/bicycle_rental', 'amenity/parking', 'amenity/car_rental'],
  vehicle_costs: [
    'shop/car_repair',
    'shop/tyres',
    'shop/car_parts',
    'amenity/car_wash',
    'shop/motorcycle_repair',
    'shop/truck_repair',
    'shop/car',
    'shop/motorcycle',
    'shop/truck',
  ],
  clothing: ['shop/clothes', 'shop/shoes', 'shop/fashion_accessories', 'shop/bag', 'shop/leather'],
  shopping: [
    'shop/department_store',
    'shop/variety_store',
    'shop/electronics',
    'shop/hifi',
    'shop/toys',
    'shop/gift',
    'shop/books',
    'shop/stationery',
    'shop/catalogue',
    'shop/camera',
    'shop/music',
    'shop/video_games',
    'shop/games',
    'shop/sports',
    'shop/outdoor',
    'shop/bicycle',
    'shop/e-cigarette',
    'shop/art',
    'shop/craft',
    'shop/photo',
    'shop/printer_ink',
    'shop/appliance',
    'shop/electrical',
    'shop/computer',
    'shop/vacuum_cleaner',
    'shop/mall',
    'shop/video',
    'shop/jewelry',
    'shop/watches',
    'shop/baby_goods',
    'shop/fishing',
    'shop/erotic',
    'shop/rental',
    'shop/repair',
    'shop/shoe_repair',
    'craft/electronics_repair',
    'shop/copyshop',
    'amenity/parcel_locker',
    'amenity/post_depot',
    'amenity/photo_booth',
  ],
  home_garden: [
    'shop/doityourself',
    'shop/hardware',
    'shop/furniture',
    'shop/houseware',
    'shop/kitchen',
    'shop/interior_decoration',
    'shop/paint',
    'shop/carpet',
    'shop/bed',
    'shop/bathroom_furnishing',
    'shop/household_linen',
    'shop/garden_centre',
    'shop/tiles',
    'shop/trade',
    'shop/power_tools',
    'shop/tool_hire',
    'shop/candles',
    'shop/florist',
    'shop/locksmith',
    'shop/groundskeeping',
    'shop/plant_hire',
    'shop/storage_rental',
    'shop/dry_cleaning',
    'shop/laundry',
    'craft/cleaning',
  ],
  health_beauty: [
    'amenity/pharmacy',
    'shop/chemist',
    'shop/cosmetics',
    'shop/perfumery',
    'shop/beauty',
    'shop/hairdresser',
    'shop/hairdresser_supply',
    'shop/optician',
    'shop/hearing_aids',
    'shop/medical_supply',
    'shop/nutrition_supplements',
    'amenity/dentist',
    'healthcare/audiologist',
    'healthcare/counselling',
    'healthcare/laboratory',
    'healthcare/rehabilitation',
    'shop/tattoo',
    'leisure/sauna',
  ],
  subscriptions: ['leisure/fitness_centre', 'leisure/sports_centre'],
  entertainment: [
    'amenity/cinema',
    'leisure/bowling_alley',
    'leisure/trampoline_park',
    'leisure/indoor_play',
    'leisure/high_ropes_course',
    'tourism/theme_park',
    'leisure/dance',
    'shop/ticket',
    'leisure/amusement_arcade',
  ],
  holidays_travel: [
    'tourism/hotel',
    'tourism/hostel',
    'tourism/motel',
    'tourism/caravan_site',
    'shop/travel_agency',
    'amenity/bureau_de_change',
  ],
  pets: ['shop/pet', 'amenity/veterinary', 'amenity/animal_shelter'],
  charity: ['shop/charity'],
  childcare: ['amenity/childcare', 'amenity/kindergarten', 'amenity/prep_school'],
  education: ['amenity/language_school', 'amenity/college', 'amenity/training'],
  telecoms: ['shop/telecommunication', 'office/telecommunication', 'shop/mobile_phone'],
  insurance: ['office/insurance'],
  energy: ['office/energy_supplier', 'shop/gas'],
  gambling: ['shop/bookmaker', 'amenity/gambling', 'amenity/casino', 'leisure/adult_gaming_centre'],
  pawnbroker: ['shop/pawnbroker'],
  letting_agent: ['office/estate_agent'],
  employment_agency: ['office/employment_agency'],
  money_transfer: ['amenity/money_transfer'],
};

/** osm tag → target. */
export const NSI_TAG_TARGETS: ReadonlyMap<string, TargetKey> = new Map(
  Object.entries(byTarget).flatMap(([target, tags]) => tags.map((tag) => [tag, target as TargetKey] as const)),
);

/** ATM networks that are not banks: a payment to them is a cash withdrawal. */
export const ATM_OPERATORS: ReadonlySet<string> = new Set(['Allpoint', 'Cashzone', 'NoteMachine', 'Euronet']);

/**
 * Utility network operators are kept only when they bill households: water companies do (listed under
 * pipelines and wastewater plants); gas and electricity network operators do not (suppliers do).
 */
export function isWaterCompany(displayName: string, tag: string): boolean {
  const water = tag === 'man_made/wastewater_plant' || tag === 'natural/water' || tag === 'man_made/pipeline';
  return water && /water|dŵr|hafren/i.test(displayName);
}

// A brand is often tagged several times (Asda: supermarket, fuel, pharmacy, convenience; Esso: fuel, car wash,
// convenience). The tag that says what the brand mainly is wins: main retail formats first, then everything
// else, then fuel, then facilities that sit inside another business.
const MAIN_FORMATS = new Set([
  'shop/supermarket',
  'shop/department_store',
  'shop/wholesale',
  'shop/variety_store',
  'shop/clothes',
]);
const SECONDARY = new Set([
  'amenity/car_wash',
  'amenity/charging_station',
  'man_made/charge_point',
  'amenity/pharmacy',
  'shop/convenience',
  'amenity/cafe',
  'amenity/vending_machine',
  'amenity/parcel_locker',
  'amenity/ice_cream',
  'amenity/photo_booth',
  'amenity/bicycle_rental',
  'shop/trade',
  'amenity/atm',
  'tourism/hotel',
]);

/** Higher ranks win when one brand carries several tags. */
export function tagRank(tag: string): number {
  if (MAIN_FORMATS.has(tag)) return 3;
  if (SECONDARY.has(tag)) return 0;
  if (tag === 'amenity/fuel') return 1;
  return 2;
}
