import { PlantaoEvents, PlantaoV, Weekdays, Rooms, type Plantao, type PlantaoDay, type PlantaoInput } from '@guiche/contracts';
import { AppError, type PluginContext } from '@guiche/core';

export const PLANTOES = 'plantoes';

interface Row {
  id: number;
  companyId: number;
  userId: number;
  userName: string;
  phone: string;
  interval: number;
  days: PlantaoDay[] | string;
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

export type PlantaoService = ReturnType<typeof createPlantaoService>;

export function createPlantaoService(ctx: PluginContext, hooks: { changed(companyId: number, plantaoId: number): Promise<void> }) {
  const { db } = ctx;
  const select = () =>
    db(`${PLANTOES} as p`)
      .join('users as u', 'u.id', 'p.userId')
      .select('p.id', 'p.companyId', 'p.userId', 'u.name as userName', 'p.phone', 'p.interval', 'p.days', 'p.createdAt', 'p.updatedAt');

  async function find(companyId: number, id: number): Promise<Plantao> {
    const row = await select().where({ 'p.companyId': companyId, 'p.id': id }).first<Row | undefined>();
    if (!row) throw new AppError('ERR_NOT_FOUND', 404);
    return toRecord(row);
  }

  async function checkUser(companyId: number, userId: number): Promise<void> {
    if (!(await ctx.users.findById(companyId, userId))) throw new AppError('ERR_NO_USER_FOUND', 404);
  }

  const announce = (companyId: number, payload: unknown) => ctx.realtime.emit(Rooms.companyAdmins(companyId), PlantaoEvents.plantao(companyId), payload);

  return {
    async list(companyId: number): Promise<Plantao[]> {
      const rows = await select().where('p.companyId', companyId).orderBy('p.id');
      return (rows as Row[]).map(toRecord);
    },
    find,
    async create(companyId: number, input: PlantaoInput): Promise<Plantao> {
      await checkUser(companyId, input.userId);
      const [row] = await db(PLANTOES)
        .insert({ companyId, userId: input.userId, phone: phoneDigits(input.phone), interval: input.interval, days: JSON.stringify(normalizeDays(input.days)) })
        .returning('id');
      const record = await find(companyId, row.id);
      announce(companyId, { action: 'create', record });
      await hooks.changed(companyId, record.id);
      return record;
    },
    async update(companyId: number, id: number, input: PlantaoInput): Promise<Plantao> {
      await find(companyId, id);
      await checkUser(companyId, input.userId);
      await db(PLANTOES)
        .where({ companyId, id })
        .update({ userId: input.userId, phone: phoneDigits(input.phone), interval: input.interval, days: JSON.stringify(normalizeDays(input.days)), updatedAt: db.fn.now() });
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
