import { z } from 'zod';
import { text } from './primitives.js';
import { V } from './messages.js';

/** Validation keys of closing reasons (namespace "validation"). */
export const ClosingReasonV = {
  closingReasonColor: 'validation.closingReasonColor',
} as const;

const reasonColor = z.string().trim().max(9, ClosingReasonV.closingReasonColor).regex(/^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/, ClosingReasonV.closingReasonColor);

export const DEFAULT_CLOSING_REASON_COLOR = '#5C7080';

/** POST /closing-reasons (admins): issue #33 "Closing reasons". */
export const closingReasonInputSchema = z.object({
  name: text(80, { trim: true }).min(1, V.required),
  color: reasonColor.default(DEFAULT_CLOSING_REASON_COLOR),
  active: z.boolean().default(true),
});
export type ClosingReasonInput = z.infer<typeof closingReasonInputSchema>;

export const closingReasonUpdateSchema = z.object({
  name: closingReasonInputSchema.shape.name.optional(),
  color: reasonColor.optional(),
  active: z.boolean().optional(),
});

export interface ClosingReason {
  id: number;
  name: string;
  color: string;
  active: boolean;
  /** Tickets closed with it (a reason in use is deactivated, not deleted). */
  ticketsCount: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /dashboard/closing-reasons: closes with each reason in the range, by day, queue and agent. */
export interface ClosingReasonCounts {
  reasons: { id: number; name: string; color: string; total: number }[];
  byDay: { day: string; reasonId: number; total: number }[];
  byQueue: { queueId: number | null; queueName: string | null; reasonId: number; total: number }[];
  byUser: { userId: number | null; userName: string | null; reasonId: number; total: number }[];
}

/** Setting key: resolving a ticket (one, or in bulk) needs an active closing reason. */
export const REQUIRE_CLOSE_REASON_SETTING = 'requireCloseReason';
