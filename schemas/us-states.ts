/**
 * The US states, the District of Columbia, the territories and the military "states" (USPS codes),
 * each with the three-digit ZIP prefixes the Postal Service gives it. Tax and shipping rules are
 * keyed by these codes, so an address is checked against this list: a made-up state ('ZZ', '*',
 * 'Texas') would otherwise match no rule and pay no tax. Pure data and lookups; the checkout field
 * rules (./evaluators/checkout-fields.ts) use them.
 */

/** [first, last] three-digit ZIP prefixes, both included. */
export type ZipPrefixRange = readonly [number, number];

export interface UsState {
  code: string;
  name: string;
  zipPrefixes: readonly ZipPrefixRange[];
}

const r = (first: number, last = first): ZipPrefixRange => [first, last];

export const US_STATES: readonly UsState[] = [
  { code: 'AL', name: 'Alabama', zipPrefixes: [r(350, 369)] },
  { code: 'AK', name: 'Alaska', zipPrefixes: [r(995, 999)] },
  { code: 'AZ', name: 'Arizona', zipPrefixes: [r(850, 865)] },
  { code: 'AR', name: 'Arkansas', zipPrefixes: [r(716, 729)] },
  { code: 'CA', name: 'California', zipPrefixes: [r(900, 961)] },
  { code: 'CO', name: 'Colorado', zipPrefixes: [r(800, 816)] },
  { code: 'CT', name: 'Connecticut', zipPrefixes: [r(60, 69)] },
  { code: 'DE', name: 'Delaware', zipPrefixes: [r(197, 199)] },
  { code: 'DC', name: 'District of Columbia', zipPrefixes: [r(200), r(202, 205), r(569)] },
  { code: 'FL', name: 'Florida', zipPrefixes: [r(320, 339), r(341, 349)] },
  { code: 'GA', name: 'Georgia', zipPrefixes: [r(300, 319), r(398, 399)] },
  { code: 'HI', name: 'Hawaii', zipPrefixes: [r(967, 968)] },
  { code: 'ID', name: 'Idaho', zipPrefixes: [r(832, 838)] },
  { code: 'IL', name: 'Illinois', zipPrefixes: [r(600, 629)] },
  { code: 'IN', name: 'Indiana', zipPrefixes: [r(460, 479)] },
  { code: 'IA', name: 'Iowa', zipPrefixes: [r(500, 528)] },
  { code: 'KS', name: 'Kansas', zipPrefixes: [r(660, 679)] },
  { code: 'KY', name: 'Kentucky', zipPrefixes: [r(400, 427)] },
  { code: 'LA', name: 'Louisiana', zipPrefixes: [r(700, 715)] },
  { code: 'ME', name: 'Maine', zipPrefixes: [r(39, 49)] },
  { code: 'MD', name: 'Maryland', zipPrefixes: [r(206, 219)] },
  { code: 'MA', name: 'Massachusetts', zipPrefixes: [r(10, 27), r(55)] },
  { code: 'MI', name: 'Michigan', zipPrefixes: [r(480, 499)] },
  { code: 'MN', name: 'Minnesota', zipPrefixes: [r(550, 567)] },
  { code: 'MS', name: 'Mississippi', zipPrefixes: [r(386, 397)] },
  { code: 'MO', name: 'Missouri', zipPrefixes: [r(630, 658)] },
  { code: 'MT', name: 'Montana', zipPrefixes: [r(590, 599)] },
  { code: 'NE', name: 'Nebraska', zipPrefixes: [r(680, 693)] },
  { code: 'NV', name: 'Nevada', zipPrefixes: [r(889, 898)] },
  { code: 'NH', name: 'New Hampshire', zipPrefixes: [r(30, 38)] },
  { code: 'NJ', name: 'New Jersey', zipPrefixes: [r(70, 89)] },
  { code: 'NM', name: 'New Mexico', zipPrefixes: [r(870, 884)] },
  // 005: Holtsville's IRS ZIPs; 063: Fishers Island (06390), a prefix shared with Connecticut.
  { code: 'NY', name: 'New York', zipPrefixes: [r(5), r(63), r(100, 149)] },
  { code: 'NC', name: 'North Carolina', zipPrefixes: [r(270, 289)] },
  { code: 'ND', name: 'North Dakota', zipPrefixes: [r(580, 588)] },
  { code: 'OH', name: 'Ohio', zipPrefixes: [r(430, 458)] },
  { code: 'OK', name: 'Oklahoma', zipPrefixes: [r(730, 732), r(734, 749)] },
  { code: 'OR', name: 'Oregon', zipPrefixes: [r(970, 979)] },
  { code: 'PA', name: 'Pennsylvania', zipPrefixes: [r(150, 196)] },
  { code: 'RI', name: 'Rhode Island', zipPrefixes: [r(28, 29)] },
  { code: 'SC', name: 'South Carolina', zipPrefixes: [r(290, 299)] },
  { code: 'SD', name: 'South Dakota', zipPrefixes: [r(570, 577)] },
  { code: 'TN', name: 'Tennessee', zipPrefixes: [r(370, 385)] },
  // 733: Austin's IRS ZIPs; 885: El Paso.
  { code: 'TX', name: 'Texas', zipPrefixes: [r(733), r(750, 799), r(885)] },
  { code: 'UT', name: 'Utah', zipPrefixes: [r(840, 847)] },
  { code: 'VT', name: 'Vermont', zipPrefixes: [r(50, 54), r(56, 59)] },
  { code: 'VA', name: 'Virginia', zipPrefixes: [r(201), r(220, 246)] },
  { code: 'WA', name: 'Washington', zipPrefixes: [r(980, 994)] },
  { code: 'WV', name: 'West Virginia', zipPrefixes: [r(247, 268)] },
  { code: 'WI', name: 'Wisconsin', zipPrefixes: [r(530, 549)] },
  { code: 'WY', name: 'Wyoming', zipPrefixes: [r(820, 831)] },
  // Territories and freely associated states served by USPS.
  { code: 'AS', name: 'American Samoa', zipPrefixes: [r(967)] },
  { code: 'GU', name: 'Guam', zipPrefixes: [r(969)] },
  { code: 'MP', name: 'Northern Mariana Islands', zipPrefixes: [r(969)] },
  { code: 'PR', name: 'Puerto Rico', zipPrefixes: [r(6, 7), r(9)] },
  { code: 'VI', name: 'U.S. Virgin Islands', zipPrefixes: [r(8)] },
  { code: 'FM', name: 'Federated States of Micronesia', zipPrefixes: [r(969)] },
  { code: 'MH', name: 'Marshall Islands', zipPrefixes: [r(969)] },
  { code: 'PW', name: 'Palau', zipPrefixes: [r(969)] },
  // Armed forces: Americas, Europe (and Africa, Middle East, Canada), Pacific.
  { code: 'AA', name: 'Armed Forces Americas', zipPrefixes: [r(340)] },
  { code: 'AE', name: 'Armed Forces Europe', zipPrefixes: [r(90, 98)] },
  { code: 'AP', name: 'Armed Forces Pacific', zipPrefixes: [r(962, 966)] },
];

/** The states by code, for lookups by a code from a request (a Map: 'constructor' is not a state). */
export const US_STATES_BY_CODE: ReadonlyMap<string, UsState> = new Map(US_STATES.map((s) => [s.code, s]));

/** Whether `code` is a USPS state or territory code, exactly as written (upper case). */
export function isUsStateCode(code: string): boolean {
  return US_STATES_BY_CODE.has(code);
}

/** Whether a ZIP code's first three digits belong to the state; false for an unknown state. */
export function zipFitsState(zip: string, code: string): boolean {
  const state = US_STATES_BY_CODE.get(code);
  if (!state || !/^\d{3}/.test(zip)) return false;
  const prefix = Number(zip.slice(0, 3));
  return state.zipPrefixes.some(([first, last]) => prefix >= first && prefix <= last);
}
