/**
 * Sign-up stores the company phone as 11 digits without the country code (account-admin.md §5);
 * WhatsApp needs the country code. Brazil (55) is assumed for numbers of 11 digits or fewer.
 */
export const DEFAULT_COUNTRY_CODE = '55';

/** The number as WhatsApp addresses it: the key of the recovery row. */
export function canonicalNumber(digits: string): string {
  return digits.length <= 11 ? `${DEFAULT_COUNTRY_CODE}${digits}` : digits;
}

/** The spellings a company phone may have been stored with for this number. */
export function storedSpellings(digits: string): string[] {
  const canonical = canonicalNumber(digits);
  const spellings = new Set([digits, canonical]);
  if (canonical.startsWith(DEFAULT_COUNTRY_CODE)) spellings.add(canonical.slice(DEFAULT_COUNTRY_CODE.length));
  return [...spellings];
}
