import type { Knex } from 'knex';
import { PlantaoEvents, PlantaoV, Weekdays, Rooms, type Plantao, type PlantaoDay, type PlantaoInput, type PlantaoTemplate } from '@guiche/contracts';
import { AppError, type PluginContext } from '@guiche/core';
import { checkRotaCloudRules } from './cloud-page.js';

export const PLANTOES = 'plantoes';

interface Row {
  id: number;
  companyId: number;
  userId: number;
  userName: string;
  phone: string;
  interval: number;
  days: PlantaoDay[] | string;
  template: PlantaoTemplate | string | null;
  pageSlaBreaches: boolean;
  lastError: string | null;
  lastErrorAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const toRecord = (row: Row): Plantao => ({
  id: row.id,
  userId: row.userId,
  user: { id: row.userId, name: row.userName },
  phone: row.phone,
  interval: row.interval,
  days: typeof row.days === 'string' ? JSON.parse(row.days) : row.days,
  template: typeof row.template === 'string' ? JSON.parse(row.template) : row.template,
  pageSlaBreaches: row.pageSlaBreaches,
  lastError: row.lastError,
  lastErrorAt: row.lastErrorAt ? new Date(row.lastErrorAt).toISOString() : null,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/** Seven rows, Monday first, whatever the caller sent (missing days empty, names from the list). */
function normalizeDays(days: PlantaoDay[]): PlantaoDay[] {
  return Weekdays.map(({ weekday, weekdayEn }) => {
    const given = days.find((d) => d.weekdayEn === weekdayEn);
    return { weekday, weekdayEn, startTime: given?.startTime ?? '', endTime: given?.endTime ?? '' };
  });
}

function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8) throw new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['phone'], message: PlantaoV.phone }] });
  return digits;
}

const select = (db: Knex) =>
  db(`${PLANTOES} as p`)
    .join('users as u', 'u.id', 'p.userId')
    .select('p.id', 'p.companyId', 'p.userId', 'u.name as userName', 'p.phone', 'p.interval', 'p.days', 'p.template', 'p.pageSlaBreaches', 'p.lastError', 'p.lastErrorAt', 'p.createdAt', 'p.updatedAt');

async function findRota(db: Knex, companyId: number, id: number): Promise<Plantao | undefined> {
  const row = await select(db).where({ 'p.companyId': companyId, 'p.id': id }).first<Row | undefined>();
  return row && toRecord(row);
}

const emit = (ctx: Pick<PluginContext, 'realtime'>, companyId: number, payload: unknown) => ctx.realtime.emit(Rooms.companyAdmins(companyId), PlantaoEvents.plantao(companyId), payload);

/** The rota as it is now, to the company's admins (a page's outcome changed its lastError). */
export async function announceRota(ctx: Pick<PluginContext, 'db' | 'realtime'>, companyId: number, id: number): Promise<void> {
  const record = await findRota(ctx.db, companyId, id);
  if (record) emit(ctx, companyId, { action: 'update', record });
}

export type PlantaoService = ReturnType<typeof createPlantaoService>;

export function createPlantaoService(ctx: PluginContext, hooks: { changed(companyId: number, plantaoId: number): Promise<void> }) {
  const { db } = ctx;
  async function find(companyId: number, id: number): Promise<Plantao> {
    const record = await findRota(db, companyId, id);
    if (!record) throw new AppError('ERR_NOT_FOUND', 404);
    return record;
  }

  async function checkUser(companyId: number, userId: number): Promise<void> {
    if (!(await ctx.users.findById(companyId, userId))) throw new AppError('ERR_NO_USER_FOUND', 404);
  }

  const announce = (companyId: number, payload: unknown) => emit(ctx, companyId, payload);
  const template = (input: PlantaoInput) => (input.template ? JSON.stringify(input.template) : null);

  return {
    async list(companyId: number): Promise<Plantao[]> {
      const rows = await select(db).where('p.companyId', companyId).orderBy('p.id');
      return (rows as Row[]).map(toRecord);
    },
    find,
    async create(companyId: number, input: PlantaoInput): Promise<Plantao> {
      await checkUser(companyId, input.userId);
      const phone = phoneDigits(input.phone);
      await checkRotaCloudRules(ctx, companyId, input.template);
      const [row] = await db(PLANTOES)
        .insert({ companyId, userId: input.userId, phone, interval: input.interval, days: JSON.stringify(normalizeDays(input.days)), template: template(input), pageSlaBreaches: input.pageSlaBreaches })
        .returning('id');
      const record = await find(companyId, row.id);
      announce(companyId, { action: 'create', record });
      await hooks.changed(companyId, record.id);
      return record;
    },
    async update(companyId: number, id: number, input: PlantaoInput): Promise<Plantao> {
      await find(companyId, id);
      await checkUser(companyId, input.userId);
      const phone = phoneDigits(input.phone);
      await checkRotaCloudRules(ctx, companyId, input.template);
      // A changed rota starts clean: the next page says again whether it can go.
      await db(PLANTOES)
        .where({ companyId, id })
        .update({ userId: input.userId, phone, interval: input.interval, days: JSON.stringify(normalizeDays(input.days)), template: template(input), pageSlaBreaches: input.pageSlaBreaches, lastError: null, lastErrorAt: null, updatedAt: db.fn.now() });
      const record = await find(companyId, id);
      announce(companyId, { action: 'update', record });
      await hooks.changed(companyId, id);
      return record;
    },
    async remove(companyId: number, id: number): Promise<void> {
      await find(companyId, id);
      await db(PLANTOES).where({ companyId, id }).delete();
      announce(companyId, { action: 'delete', id });
      await hooks.changed(companyId, id);
    },
  };
}
