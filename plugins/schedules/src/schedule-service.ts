import type { Knex } from 'knex';
import { AppError, type AuthUser, type PluginContext } from '@guiche/core';
import type { ScheduleEvents } from './schedule-events.js';
import { findSchedule, listSchedules, SCHEDULES_TABLE, type ScheduleView } from './schedule-repository.js';
import type { ScheduleInput } from './schemas.js';
import { checkScheduleCloudRules } from './cloud-rules.js';

/** The timed-work kind of a schedule's sending; the key is the schedule's id. */
export const SEND_KIND = 'schedules.send';
export interface SendPayload {
  scheduleId: number;
}

type Ctx = Pick<PluginContext, 'db' | 'timedWork' | 'storage' | 'log' | 'connections' | 'conversations'>;

const isAdmin = (auth: AuthUser) => auth.profile === 'admin' || auth.super;

export function createScheduleService(ctx: Ctx, events: ScheduleEvents) {
  const { db } = ctx;

  async function mustFind(companyId: number, id: number): Promise<ScheduleView> {
    const schedule = await findSchedule(db, companyId, id);
    if (!schedule) throw new AppError('ERR_NO_SCHEDULE_FOUND', 404);
    return schedule;
  }

  /** Everyone lists and creates; a plain user changes or deletes only their own schedules. */
  async function mustChange(auth: AuthUser, id: number): Promise<ScheduleView> {
    const schedule = await mustFind(auth.companyId, id);
    if (!isAdmin(auth) && schedule.userId !== auth.id) throw new AppError('ERR_NO_PERMISSION', 403);
    return schedule;
  }

  async function checkRefs(companyId: number, input: ScheduleInput): Promise<void> {
    if (!(await db('contacts').where({ id: input.contactId, companyId }).first('id'))) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
    if (input.whatsappId && !(await ctx.connections.find(companyId, input.whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND', 404);
  }

  /** The row's fields for a (re)armed schedule, and its timer in the same transaction. */
  async function arm(trx: Knex.Transaction, companyId: number, id: number, sendAt: Date): Promise<void> {
    await ctx.timedWork.schedule<SendPayload>({ kind: SEND_KIND, key: String(id), companyId, dueAt: sendAt, payload: { scheduleId: id } }, trx);
  }

  /** The row's fields; a template's text (as the customer reads it) is the body. */
  function fields(input: ScheduleInput, byTemplate: { body: string } | null) {
    return {
      body: byTemplate?.body ?? input.body,
      template: input.template ?? null,
      contactId: input.contactId,
      whatsappId: input.whatsappId,
      sendAt: input.sendAt,
      firstSendAt: input.sendAt,
      repeat: input.repeat,
      repeatUntil: input.repeat === 'none' ? null : input.repeatUntil,
      status: 'PENDENTE' as const,
      error: null,
      waits: 0,
    };
  }

  return {
    list: (auth: AuthUser, query: { searchParam?: string; pageNumber: number; contactId?: number }) => listSchedules(db, auth.companyId, query),

    show: (auth: AuthUser, id: number) => mustFind(auth.companyId, id),

    async create(auth: AuthUser, input: ScheduleInput): Promise<ScheduleView> {
      await checkRefs(auth.companyId, input);
      const byTemplate = await checkScheduleCloudRules(ctx, auth.companyId, input);
      const id = await db.transaction(async (trx) => {
        const [row] = await trx(SCHEDULES_TABLE)
          .insert({ ...fields(input, byTemplate), companyId: auth.companyId, userId: auth.id })
          .returning('id');
        await arm(trx, auth.companyId, row.id, input.sendAt);
        return row.id as number;
      });
      const schedule = await mustFind(auth.companyId, id);
      events.saved('create', schedule);
      return schedule;
    },

    /** Saves the form and arms the schedule again (PENDENTE), or cancels it (status CANCELADA). */
    async update(auth: AuthUser, id: number, input: ScheduleInput): Promise<ScheduleView> {
      await mustChange(auth, id);
      await checkRefs(auth.companyId, input);
      // Cancelling is never refused; saving checks the Cloud API's rules like a new schedule.
      const byTemplate = input.status === 'CANCELADA' ? null : await checkScheduleCloudRules(ctx, auth.companyId, input);
      await db.transaction(async (trx) => {
        // The row lock waits for a sending in progress, so a sent schedule is never re-armed by mistake.
        await trx(SCHEDULES_TABLE).where({ id, companyId: auth.companyId }).forUpdate().first('id');
        if (input.status === 'CANCELADA') {
          await trx(SCHEDULES_TABLE).where({ id }).update({ status: 'CANCELADA', updatedAt: trx.fn.now() });
          await ctx.timedWork.cancel(SEND_KIND, String(id), trx);
          return;
        }
        await trx(SCHEDULES_TABLE).where({ id }).update({ ...fields(input, byTemplate), updatedAt: trx.fn.now() });
        await arm(trx, auth.companyId, id, input.sendAt);
      });
      const schedule = await mustFind(auth.companyId, id);
      events.saved('update', schedule);
      return schedule;
    },

    async remove(auth: AuthUser, id: number): Promise<void> {
      const schedule = await mustChange(auth, id);
      await db.transaction(async (trx) => {
        await trx(SCHEDULES_TABLE).where({ id, companyId: auth.companyId }).forUpdate().first('id');
        await trx(SCHEDULES_TABLE).where({ id }).delete();
        await ctx.timedWork.cancel(SEND_KIND, String(id), trx);
      });
      if (schedule.mediaPath) await ctx.storage.remove(schedule.mediaPath).catch((err) => ctx.log.warn({ err }, 'schedule media not removed'));
      events.removed(auth.companyId, id);
    },

    mustChange,
    mustFind,
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
