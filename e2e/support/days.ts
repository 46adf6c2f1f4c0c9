const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day `days` from today, as YYYY-MM-DD (what date inputs and due dates hold). */
export function dayFromNow(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** YYYY-MM-DD as the Brazilian pages show it: DD/MM/YYYY. */
export const brDate = (day: string) => day.split('-').reverse().join('/');
