import { describe, expect, it } from 'vitest';
import type { Queue } from '@guiche/contracts';
import { initialsOf } from '@guiche/web-sdk';
import {
  ADMIN_ONLY_FIELDS,
  profileImageUrl,
  USER_DEFAULTS,
  userFormSchema,
  userFormValues,
  userPayload,
  WORK_TIME_STEP_SECONDS,
} from '../src/features/users/lib/user-form.js';
import type { CompanyUser } from '../src/features/users/lib/user-types.js';
import { applyQueueEvent, cutText, freeColor, queueFormSchema, queueFormValues, queuePayload, ROTATION_CHOICES, sortQueues } from '../src/features/queues/lib/queue-form.js';

/** The first message of each field, as zodFormikValidate shows it. */
function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const valid = { ...USER_DEFAULTS, name: 'Carla Souza', email: 'carla@exemplo.com.br', password: 'segredo' };

describe('user dialog form (account-admin.md §2, §5, §9)', () => {
  it('starts from the spec defaults: profile user, allTicket disable, no groups, light, menu open, 00:00–23:59, step 600 s', () => {
    expect(userFormValues(undefined)).toMatchObject({ profile: 'user', allTicket: 'disable', allowGroup: false, defaultTheme: 'light', defaultMenu: 'open', startWork: '00:00', endWork: '23:59', queueIds: [], whatsappId: null });
    expect(WORK_TIME_STEP_SECONDS).toBe(600);
  });

  it('names, e-mails and passwords get the spec messages', () => {
    const create = userFormSchema(true);
    expect(messagesOf(create.safeParse({ ...valid, name: '', email: '', password: '' }))).toEqual({ name: 'validation.required', email: 'validation.required', password: 'validation.required' });
    expect(messagesOf(create.safeParse({ ...valid, name: 'C', email: 'carla', password: '1234' }))).toEqual({ name: 'validation.tooShort', email: 'validation.invalidEmail', password: 'validation.tooShort' });
    expect(messagesOf(create.safeParse({ ...valid, name: 'x'.repeat(51), password: 'y'.repeat(51) }))).toEqual({ name: 'validation.tooLong', password: 'validation.tooLong' });
    expect(create.safeParse({ ...valid, name: 'Ca', password: '12345' }).success).toBe(true);
    expect(create.safeParse({ ...valid, name: 'x'.repeat(50), password: 'y'.repeat(50) }).success).toBe(true);
  });

  it('the password is optional on edit, but 5 characters when typed', () => {
    const edit = userFormSchema(false);
    expect(edit.safeParse({ ...valid, password: '' }).success).toBe(true);
    expect(messagesOf(edit.safeParse({ ...valid, password: '123' }))).toEqual({ password: 'validation.tooShort' });
  });

  it('work hours must be HH:MM', () => {
    expect(messagesOf(userFormSchema(true).safeParse({ ...valid, startWork: '24:00', endWork: '' }))).toEqual({ startWork: 'validation.time', endWork: 'validation.time' });
  });

  it('sends the admin-only fields only for an admin, the password only when typed, a blank farewell as null', () => {
    const values = { ...valid, name: '  Carla  ', password: '', farewellMessage: '   ', profile: 'admin' as const, queueIds: [3], whatsappId: 7, allowGroup: true };
    const plain = userPayload(values, { isNew: false, admin: false });
    expect(plain).toEqual({ name: 'Carla', email: 'carla@exemplo.com.br', farewellMessage: null, defaultTheme: 'light', defaultMenu: 'open' });
    for (const field of ADMIN_ONLY_FIELDS) expect(plain).not.toHaveProperty(field);

    const byAdmin = userPayload({ ...values, password: 'nova-senha' }, { isNew: false, admin: true });
    expect(byAdmin).toMatchObject({ password: 'nova-senha', profile: 'admin', queueIds: [3], whatsappId: 7, allowGroup: true, startWork: '00:00', endWork: '23:59', allTicket: 'disable' });
    expect(userPayload({ ...values, password: 'segredo' }, { isNew: true, admin: true }).password).toBe('segredo');
  });

  it('edits what the server answers; HH:MM:SS shows as HH:MM', () => {
    const user = { id: 4, name: 'Bruno', email: 'b@x.com', profile: 'admin', startWork: '08:00:00', endWork: '18:30', farewellMessage: null, allTicket: 'enable', allowGroup: true, defaultTheme: 'dark', defaultMenu: 'closed', whatsappId: 2, showDashboard: true, allowRealTime: false, allowConnections: true, queues: [{ id: 1, name: 'A', color: '#000' }, { id: 5, name: 'B', color: '#fff' }] } as unknown as CompanyUser;
    expect(userFormValues(user)).toMatchObject({ password: '', startWork: '08:00', endWork: '18:30', farewellMessage: '', queueIds: [1, 5], defaultTheme: 'dark', whatsappId: 2 });
  });

  it('pictures are served at /public/<path>; without one the avatar shows initials', () => {
    expect(profileImageUrl('company3/users/foto de perfil.png')).toBe('/public/company3/users/foto%20de%20perfil.png');
    expect(profileImageUrl('/public/company3/users/a.png')).toBe('/public/company3/users/a.png');
    expect(profileImageUrl(null)).toBeNull();
    expect(initialsOf('Agente Bruno Lima')).toBe('AL');
    expect(initialsOf('carla')).toBe('C');
    expect(initialsOf('  ')).toBe('?');
  });
});

const queue = (id: number, name: string, orderQueue: number | null, extra: Partial<Queue> = {}): Queue =>
  ({ id, name, orderQueue, color: '#111111', greetingMessage: null, outOfHoursMessage: null, ativarRoteador: false, tempoRoteador: 0, closeTicket: false, userIds: [], schedules: [], ...extra }) as Queue;

describe('queue dialog form (outreach-config.md §2, §5, §9)', () => {
  const base = queueFormValues(undefined, '#A4CCCC');

  it('name 2–50 and colour 3–9 characters, required', () => {
    expect(messagesOf(queueFormSchema.safeParse({ ...base, name: '', color: '' }))).toEqual({ name: 'validation.required', color: 'validation.required' });
    expect(messagesOf(queueFormSchema.safeParse({ ...base, name: 'V', color: '#1' }))).toEqual({ name: 'validation.tooShort', color: 'validation.tooShort' });
    expect(messagesOf(queueFormSchema.safeParse({ ...base, name: 'v'.repeat(51), color: '#1234567890' }))).toEqual({ name: 'validation.tooLong', color: 'validation.tooLong' });
    expect(queueFormSchema.safeParse({ ...base, name: 'Vendas' }).success).toBe(true);
  });

  it('rotation intervals are 2, 5, 10, 15, 30, 45 and 60 minutes, one required while rotation is on', () => {
    expect(ROTATION_CHOICES).toEqual([2, 5, 10, 15, 30, 45, 60]);
    expect(messagesOf(queueFormSchema.safeParse({ ...base, name: 'Vendas', ativarRoteador: true, tempoRoteador: 0 }))).toEqual({ tempoRoteador: 'queues:validation.rotation' });
    expect(queueFormSchema.safeParse({ ...base, name: 'Vendas', ativarRoteador: true, tempoRoteador: 45 }).success).toBe(true);
    expect(messagesOf(queueFormSchema.safeParse({ ...base, name: 'Vendas', orderQueue: '1a' }))).toEqual({ orderQueue: 'queues:validation.order' });
  });

  it('sends blank texts and order as null and no interval while rotation is off', () => {
    expect(queuePayload({ ...base, name: ' Vendas ', orderQueue: ' ', greetingMessage: '  ', tempoRoteador: 10, userIds: [2] })).toEqual({
      name: 'Vendas', color: '#A4CCCC', orderQueue: null, greetingMessage: null, outOfHoursMessage: null, userIds: [2], ativarRoteador: false, tempoRoteador: 0, closeTicket: false,
    });
    expect(queuePayload({ ...base, name: 'Vendas', orderQueue: '3', ativarRoteador: true, tempoRoteador: 10 })).toMatchObject({ orderQueue: 3, tempoRoteador: 10 });
  });

  it('suggests a colour no queue uses', () => {
    expect(freeColor(['#AAAAAA', '#BBBBBB'], [{ color: '#aaaaaa' }])).toBe('#BBBBBB');
    expect(freeColor(['#AAAAAA'], [{ color: '#AAAAAA' }])).toBe('#AAAAAA');
  });

  it('keeps the list in the server order as live events arrive', () => {
    const list = [queue(1, 'Vendas', null), queue(2, 'Financeiro', 1)];
    expect(sortQueues(list).map((q) => q.id)).toEqual([2, 1]);
    const added = applyQueueEvent(sortQueues(list), { action: 'create', queue: queue(3, 'Atendimento', null) })!;
    expect(added.map((q) => q.name)).toEqual(['Financeiro', 'Atendimento', 'Vendas']);
    const updated = applyQueueEvent(added, { action: 'update', queue: queue(1, 'Vendas', 0) })!;
    expect(updated.map((q) => q.name)).toEqual(['Vendas', 'Financeiro', 'Atendimento']);
    expect(applyQueueEvent(updated, { action: 'delete', queueId: 2 })!.map((q) => q.id)).toEqual([1, 3]);
    expect(applyQueueEvent(undefined, { action: 'delete', queueId: 2 })).toBeUndefined();
  });

  it('cuts the greeting to one line in the list', () => {
    expect(cutText('Olá!\nBem-vindo', 60)).toBe('Olá! Bem-vindo');
    expect(cutText('a'.repeat(70), 60)).toBe(`${'a'.repeat(60)}…`);
    expect(cutText(null)).toBe('');
  });
});
