// No zod here: the web's first screen reads the flags without loading the schemas (plans.ts, issue #28).

/** Every module switch a plan may carry. */
export const PlanFlags = [
  'useWhatsapp',
  'useFacebook',
  'useInstagram',
  'useTelegram',
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
  'useFlowBuilder',
] as const;
export type PlanFlag = (typeof PlanFlags)[number];

/**
 * A flag a plugin declares itself (issue #30): `use` + PascalCase. Core's own flags are columns of
 * `plans`; a declared one lives in the plan's `pluginFlags` map, so a new plugin needs no core edit.
 */
export const PLAN_FLAG_PATTERN = /^use[A-Z][A-Za-z0-9]{1,40}$/;
/** A core flag or one a loaded plugin declared. */
export type AnyPlanFlag = PlanFlag | (string & {});
export const isCorePlanFlag = (flag: string): flag is PlanFlag => (PlanFlags as readonly string[]).includes(flag);

/** The four languages of a declared flag's label in the super admin's plan dialog. */
export interface PlanFlagLabels {
  pt: string;
  en: string;
  es: string;
  tr: string;
}
/** GET /plans/flags: every flag the plan dialog may switch; `labels` for a plugin's own flag. */
export interface DeclaredPlanFlag {
  flag: string;
  core: boolean;
  labels: PlanFlagLabels | null;
}
