import { describe, expect, it } from 'vitest';
import { dueDateTone, shouldWarnAtLogin } from '../src/session/due-date.js';

describe('company due date', () => {
  it('is yellow with 1 to 5 days left and red at 0 or past', () => {
    expect(dueDateTone(6)).toBe('none');
    for (const d of [1, 2, 3, 4, 5]) expect(dueDateTone(d)).toBe('warning');
    expect(dueDateTone(0)).toBe('danger');
    expect(dueDateTone(-3)).toBe('danger');
    expect(dueDateTone(null)).toBe('none');
  });

  it('warns at login when fewer than 5 days remain', () => {
    expect(shouldWarnAtLogin(5)).toBe(false);
    expect(shouldWarnAtLogin(4)).toBe(true);
    expect(shouldWarnAtLogin(0)).toBe(true);
    expect(shouldWarnAtLogin(null)).toBe(false);
  });
});
