import { z } from 'zod';
import { PrimitiveV, int, text } from './primitives.js';
import { PLAN_FLAG_PATTERN, PlanFlags, type PlanFlag } from './plans-constants.js';

export * from './plans-constants.js';

const flagShape = Object.fromEntries(PlanFlags.map((f) => [f, z.boolean()])) as Record<PlanFlag, z.ZodBoolean>;
const flagDefaults = Object.fromEntries(PlanFlags.map((f) => [f, z.boolean().default(false)])) as Record<PlanFlag, z.ZodDefault<z.ZodBoolean>>;

const planFields = {
  name: text(50, { trim: true, tooLong: 'validation.tooLong' }).min(2, 'validation.tooShort'),
  users: int(0, 100000),
  connections: int(0, 100000),
  queues: int(0, 100000),
  amount: z.coerce.number({ error: PrimitiveV.number }).min(0, PrimitiveV.number).max(99999999, PrimitiveV.number),
  isPublic: z.boolean(),
};

/** Plugins' own flags by name (checked against the loaded plugins' declarations by the route). */
const pluginFlags = z.record(z.string().regex(PLAN_FLAG_PATTERN, PrimitiveV.option), z.boolean());

export const planInputSchema = z.object({
  ...planFields,
  users: planFields.users.default(0),
  connections: planFields.connections.default(0),
  queues: planFields.queues.default(0),
  amount: planFields.amount.default(0),
  isPublic: planFields.isPublic.default(true),
  ...flagDefaults,
  pluginFlags: pluginFlags.default({}),
});
export type PlanInput = z.infer<typeof planInputSchema>;
/** PUT: only what is sent changes (no defaults, so a partial update never resets a flag). */
export const planUpdateSchema = z.object({ ...planFields, ...flagShape, pluginFlags }).partial();

export interface Plan extends Record<PlanFlag, boolean> {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  amount: number;
  isPublic: boolean;
  /** Flags plugins declared (not core columns): absent = off. */
  pluginFlags: Record<string, boolean>;
  createdAt?: string;
  updatedAt?: string;
}
