import { describe, expect, it } from 'vitest';
import type { DeclaredPlanFlag, Plan } from '@guiche/contracts';
import { declaredLabel, enabledOwnFlags, ownFlags } from '../src/features/plans/lib/declared-flags.js';

const declared: DeclaredPlanFlag[] = [
  { flag: 'useKanban', core: true, labels: null },
  { flag: 'usePigeon', core: false, labels: { pt: 'Pombo', en: 'Pigeon', es: 'Paloma', tr: '' } },
];

describe("the plan dialog's plugin flags", () => {
  it("lists only plugins' own flags, labelled in the interface language (pt when the plugin left one empty)", () => {
    expect(ownFlags(declared).map((d) => d.flag)).toEqual(['usePigeon']);
    expect(declaredLabel(declared[1], 'en-US')).toBe('Pigeon');
    expect(declaredLabel(declared[1], 'tr')).toBe('Pombo');
    expect(declaredLabel(declared[1], undefined)).toBe('Pombo');
    expect(ownFlags(undefined)).toEqual([]);
  });

  it("names a plan's enabled plugin flags for the table", () => {
    const plan = { pluginFlags: { usePigeon: true, useGone: true } } as unknown as Plan;
    expect(enabledOwnFlags(plan, declared, 'es')).toEqual(['Paloma']);
    expect(enabledOwnFlags({ pluginFlags: {} } as unknown as Plan, declared, 'es')).toEqual([]);
  });
});
