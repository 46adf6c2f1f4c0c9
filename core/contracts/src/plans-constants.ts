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
