/** Today's calendar date in the product's business timezone (reports and due dates). */
export function todayInSaoPaulo(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
}

export function isSubscriptionExpired(companyId: number, dueDate: string | null, now = new Date()): boolean {
  if (companyId === 1 || !dueDate) return false;
  return dueDate < todayInSaoPaulo(now);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
