/** Countries of the Analyze page (docs/product/api.md "Wire formats", 26 entries): code on the wire, name on screen. */
export const countries = [
  ['US', 'United States'], ['CA', 'Canada'], ['GB', 'United Kingdom'], ['AU', 'Australia'],
  ['DE', 'Germany'], ['FR', 'France'], ['IT', 'Italy'], ['ES', 'Spain'], ['NL', 'Netherlands'],
  ['BE', 'Belgium'], ['CH', 'Switzerland'], ['AT', 'Austria'], ['SE', 'Sweden'], ['NO', 'Norway'],
  ['DK', 'Denmark'], ['FI', 'Finland'], ['IE', 'Ireland'], ['PT', 'Portugal'], ['JP', 'Japan'],
  ['KR', 'South Korea'], ['SG', 'Singapore'], ['NZ', 'New Zealand'], ['IN', 'India'], ['BR', 'Brazil'],
  ['MX', 'Mexico'], ['OTHER', 'Other'],
] as const satisfies ReadonlyArray<readonly [string, string]>;
export type CountryCode = (typeof countries)[number][0];
export const countryCodes = countries.map(([code]) => code) as unknown as readonly [CountryCode, ...CountryCode[]];
export const countryName = (code: string): string => countries.find(([c]) => c === code)?.[1] ?? code;

/** The 50 US states (docs/product/api.md "Wire formats"). */
export const usStates = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
  ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['FL', 'Florida'], ['GA', 'Georgia'],
  ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'],
  ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'],
  ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'],
  ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'],
  ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'],
  ['SD', 'South Dakota'], ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'],
  ['VA', 'Virginia'], ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
] as const satisfies ReadonlyArray<readonly [string, string]>;
export type UsStateCode = (typeof usStates)[number][0];
export const usStateName = (code: string): string => usStates.find(([c]) => c === code)?.[1] ?? code;

/**
 * The law the offline analyzer leaves unchecked for a jurisdiction, as a sentence names it ("Illinois law"); null
 * when there is none. It knows the US Constitution only (docs/product/analysis.md "Analyzers"),
 * so a state's law, or another country's, needs a language model. The Analyze page says so before a credit is
 * spent, the result after: one wording for both.
 */
export const lawBeyondOfflineAnalyzer = (country: string, state: string | null): string | null => {
  if (country === 'US') return state ? `${usStateName(state)} law` : null;
  return country === 'OTHER' ? 'the law of the country you chose' : `the law of the country you chose (${countryName(country)})`;
};
