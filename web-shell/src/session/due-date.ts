/** Colour of the company due date in the top bar: yellow 1 to 5 days left, red at 0 or past due. */
export type DueDateTone = 'danger' | 'warning' | 'none';

export function dueDateTone(daysLeft: number | null): DueDateTone {
  if (daysLeft === null) return 'none';
  if (daysLeft <= 0) return 'danger';
  if (daysLeft <= 5) return 'warning';
  return 'none';
}

/** The login toast warns when fewer than 5 days of subscription remain. */
export function shouldWarnAtLogin(daysLeft: number | null): boolean {
  return daysLeft !== null && daysLeft >= 0 && daysLeft < 5;
}
