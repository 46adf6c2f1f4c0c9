/** The HH:MM mask of the day rows (outreach-config.md §9): digits only, a colon after the hours. */
export function maskTime(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}
