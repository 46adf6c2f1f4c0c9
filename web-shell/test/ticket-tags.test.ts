import { describe, expect, it } from 'vitest';
import { hasPlainTag, kanbanLane, kanbanTags, plainTags } from '../src/features/tickets/lib/ticket-tags.js';

const vip = { id: 1, name: 'VIP', color: '#111', kanban: false };
const lane = { id: 2, name: 'Negociação', color: '#222', kanban: true };
const older = { id: 3, name: 'Retorno', color: '#333' };

describe('one tag model on tickets (issue #32)', () => {
  it('splits the plain tags (picker, row) from the Kanban lane', () => {
    expect(plainTags([lane, vip, older])).toEqual([vip, older]);
    expect(kanbanTags([lane, vip, older])).toEqual([lane]);
    expect(kanbanLane([vip, lane])).toEqual(lane);
    expect(kanbanLane([vip])).toBeNull();
    expect(plainTags(undefined)).toEqual([]);
  });

  it('requiredTag in the resolve dialog: a lane alone is no tag', () => {
    expect(hasPlainTag({ tags: [lane] })).toBe(false);
    expect(hasPlainTag({ tags: [lane, vip] })).toBe(true);
    expect(hasPlainTag({ tags: null })).toBe(false);
  });
});
