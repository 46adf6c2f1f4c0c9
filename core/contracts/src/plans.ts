import { z } from 'zod';

/** Every module switch a plan may carry. */
export const PlanFlags = [
  'useWhatsapp',
  'useFacebook',
  'useInstagram',
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const;
export type PlanFlag = (typeof PlanFlags)[number];

const flagShape = Object.fromEntries(PlanFlags.map((f) => [f, z.boolean().default(false)])) as Record<
  PlanFlag,
  z.ZodDefault<z.ZodBoolean>
>;

export const planInputSchema = z.object({
  name: z.string().trim().min(2).max(50),
  users: z.coerce.number().int().min(0).default(0),
  connections: z.coerce.number().int().min(0).default(0),
  queues: z.coerce.number().int().min(0).default(0),
  amount: z.coerce.number().min(0).default(0),
  isPublic: z.boolean().default(true),
  ...flagShape,
});
export type PlanInput = z.infer<typeof planInputSchema>;
export const planUpdateSchema = planInputSchema.partial();

export interface Plan extends Record<PlanFlag, boolean> {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  amount: number;
  isPublic: boolean;
  createdAt?: string;
  updatedAt?: string;
}
