import type { DeclaredPlanFlag, Plan } from '@guiche/contracts';

/** The label of a plugin's own flag in the interface language (pt when the plugin lacks it). */
export function declaredLabel(flag: DeclaredPlanFlag, language: string | undefined): string {
  if (!flag.labels) return flag.flag;
  const code = (['pt', 'en', 'es', 'tr'] as const).find((c) => language?.startsWith(c)) ?? 'pt';
  return flag.labels[code] || flag.labels.pt || flag.flag;
}

/** The plugins' own flags (core's are columns with the shell's translations). */
export const ownFlags = (declared: DeclaredPlanFlag[] | undefined): DeclaredPlanFlag[] => (declared ?? []).filter((d) => !d.core);

/** The names of a plan's enabled plugin flags, labelled (for the plans table's "modules" column). */
export function enabledOwnFlags(plan: Plan, declared: DeclaredPlanFlag[] | undefined, language: string | undefined): string[] {
  return ownFlags(declared)
    .filter((d) => plan.pluginFlags?.[d.flag])
    .map((d) => declaredLabel(d, language));
}
