import { describe, expect, it } from 'vitest';
import type { Connection } from '@guiche/contracts';
import { defaultWeek, maskTime, normalizeWeek, weekIssues, weekPayload } from '../src/features/settings/lib/weekly-hours.js';
import { scheduleTypeOf, settingsTabs, settingValues, validLgpdLink, visibleOptions } from '../src/features/settings/lib/setting-options.js';
import { canNest, chatbotFormSchema, chatbotFormValues, chatbotPayload, countWithDescendants, sortOptions } from '../src/features/queues/lib/chatbot.js';
import { queueFormValues, queueLinksPayload } from '../src/features/queues/lib/queue-form.js';
import { eventRecord, eventRemovedId, fileListFormSchema, fileListFormValues, fileListPayload, pendingUploads, type FileList } from '../src/features/files/lib/file-list.js';
import { connectionTabsPayload, connectionTabsSchema, connectionTabsValues, SEND_QUEUE_MINUTES } from '../src/features/connections/lib/connection-tabs.js';

/** The first message of each field, as zodFormikValidate shows it. */
function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('weekly hours (account-admin.md §9, outreach-config.md §9)', () => {
  it('defaults to Monday–Sunday 08:00–12:00 and 13:00–18:00', () => {
    const week = defaultWeek();
    expect(week.map((d) => d.weekdayEn)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(new Set(week.map((d) => `${d.startTimeA}-${d.endTimeA} ${d.startTimeB}-${d.endTimeB}`))).toEqual(new Set(['08:00-12:00 13:00-18:00']));
    expect(normalizeWeek(null)).toEqual(week);
  });

  it('keeps stored days in Monday-first order and fills the missing ones (defaults or closed)', () => {
    const stored = [{ weekday: 'x', weekdayEn: 'sunday', startTimeA: '09:00', endTimeA: '10:00', startTimeB: '', endTimeB: '' }];
    const open = normalizeWeek(stored);
    expect(open[6]).toMatchObject({ weekday: 'Domingo', startTimeA: '09:00', endTimeB: '' });
    expect(open[0]).toMatchObject({ startTimeA: '08:00' });
    expect(normalizeWeek(stored, 'closed')[0]).toMatchObject({ startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' });
    expect(weekPayload(open)).toHaveLength(7);
  });

  it('types HH:MM with the colon added', () => {
    expect(maskTime('0830')).toBe('08:30');
    expect(maskTime('8')).toBe('8');
    expect(maskTime('083')).toBe('08:3');
    expect(maskTime('12:3a45')).toBe('12:34');
  });

  it('needs valid times, both ends of a shift, end after start and shift B after shift A', () => {
    const week = defaultWeek();
    week[0] = { ...week[0], startTimeA: '25:00' };
    week[1] = { ...week[1], endTimeA: '' };
    week[2] = { ...week[2], startTimeA: '12:00', endTimeA: '11:00' };
    week[3] = { ...week[3], startTimeB: '11:00' };
    week[4] = { ...week[4], startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' };
    expect(weekIssues(week)).toEqual([
      { path: [0, 'startTimeA'], message: 'validation.time' },
      { path: [1, 'endTimeA'], message: 'settings:validation.shiftPair' },
      { path: [2, 'endTimeA'], message: 'settings:validation.shiftOrder' },
      { path: [3, 'startTimeB'], message: 'settings:validation.shiftOverlap' },
    ]);
  });
});

describe('settings options (account-admin.md §2, §3, §6)', () => {
  it('shows the LGPD details only while LGPD is on, and userCreation only to super users', () => {
    const off = settingValues([{ key: 'enableLGPD', value: 'disabled' }]);
    const on = settingValues([{ key: 'enableLGPD', value: 'enabled' }]);
    const keys = (values: Record<string, string>, isSuper: boolean) => visibleOptions(values, isSuper).map((o) => o.key);
    expect(keys(off, false)).not.toContain('lgpdMessage');
    expect(keys(on, false)).toEqual(expect.arrayContaining(['lgpdConsent', 'lgpdMessage', 'lgpdLink', 'lgpdDeleteMessage']));
    expect(keys(on, false)).not.toContain('userCreation');
    expect(keys(on, true)).toContain('userCreation');
    for (const key of ['scheduleType', 'chatBotType', 'userRandom', 'sendGreetingMessageOneQueues', 'sendFarewellWaitingTicket', 'sendMessageOutExpedientTicketOpen', 'sendQueuePosition', 'acceptAudioMessageContact', 'enableLGPD', 'sendMsgTransfTicket', 'userRating']) {
      expect(keys(off, false)).toContain(key);
    }
    const scheduleType = visibleOptions(off, false).find((o) => o.key === 'scheduleType');
    expect(scheduleType?.choices).toEqual(['disabled', 'queue', 'company', 'connection']);
  });

  it('takes the defaults for keys the server does not list', () => {
    expect(settingValues([])).toMatchObject({ scheduleType: 'disabled', chatBotType: 'text', acceptAudioMessageContact: 'enabled' });
  });

  it('has a schedules tab only when scheduleType is company', () => {
    expect(settingsTabs('company')).toEqual(['options', 'schedules']);
    expect(settingsTabs('queue')).toEqual(['options']);
    expect(scheduleTypeOf('nonsense')).toBe('disabled');
  });

  it('accepts a blank or http(s) privacy link only', () => {
    expect(validLgpdLink('')).toBe(true);
    expect(validLgpdLink('https://exemplo.com.br/privacidade')).toBe(true);
    expect(validLgpdLink('javascript:alert(1)')).toBe(false);
    expect(validLgpdLink('exemplo')).toBe(false);
  });
});

describe('chatbot option editor (outreach-config.md §3, §5, §9)', () => {
  const base = chatbotFormValues();

  it('needs a name of at least 4 characters and the target of its type', () => {
    expect(messagesOf(chatbotFormSchema.safeParse({ ...base, name: '' }))).toEqual({ name: 'queues:chatbot.validation.required' });
    expect(messagesOf(chatbotFormSchema.safeParse({ ...base, name: 'Abc' }))).toEqual({ name: 'queues:chatbot.validation.tooShort' });
    expect(messagesOf(chatbotFormSchema.safeParse({ ...base, name: 'Vendas', queueType: 'queue' }))).toEqual({ target: 'queues:chatbot.validation.target' });
    expect(chatbotFormSchema.safeParse({ ...base, name: 'Vendas', queueType: 'queue', target: '7' }).success).toBe(true);
    expect(chatbotFormSchema.safeParse({ ...base, name: 'Vendas' }).success).toBe(true);
  });

  it('sends only its type\'s target, blank message as null, and where a new option hangs', () => {
    expect(chatbotPayload({ ...base, name: ' Suporte ', queueType: 'attendent', target: '3' }, { parentId: 9 })).toEqual({
      name: 'Suporte', greetingMessage: null, queueType: 'attendent', closeTicket: false, optUserId: 3, optQueueId: null, optIntegrationId: null, optFileId: null, parentId: 9,
    });
    expect(chatbotPayload({ ...base, name: 'Arquivos', queueType: 'file', target: '4', greetingMessage: 'Veja' })).toMatchObject({ optFileId: 4, optUserId: null, greetingMessage: 'Veja' });
    expect(chatbotPayload({ ...base, name: 'Texto', target: '4' }, { queueId: 2 })).toMatchObject({ optFileId: null, queueId: 2 });
  });

  it('reads an option back with its target in the editor', () => {
    const option = { id: 1, name: 'Financeiro', greetingMessage: 'Escolha', queueType: 'queue' as const, closeTicket: true, optQueueId: 5, optUserId: null, optIntegrationId: null, optFileId: null };
    expect(chatbotFormValues(option)).toEqual({ name: 'Financeiro', greetingMessage: 'Escolha', queueType: 'queue', closeTicket: true, target: '5' });
  });

  it('goes a level deeper only from a text option with a message', () => {
    expect(canNest({ queueType: 'text', greetingMessage: 'Escolha:' })).toBe(true);
    expect(canNest({ queueType: 'text', greetingMessage: '  ' })).toBe(false);
    expect(canNest({ queueType: 'queue', greetingMessage: 'Escolha:' })).toBe(false);
  });

  it('counts what a delete takes with it and keeps menu order by id', () => {
    expect(countWithDescendants({ options: [{ options: [{}, {}] } as never, {} as never] })).toBe(5);
    expect(sortOptions([{ id: 3 }, { id: 1 }, { id: 2 }]).map((o) => o.id)).toEqual([1, 2, 3]);
  });
});

describe('queue dialog links and hours', () => {
  it('sends integration, prompt and file list as ids or null, and the hours only with the hours tab', () => {
    const values = { ...queueFormValues(undefined, '#AAAAAA'), fileListId: '12' };
    expect(queueLinksPayload(values, false)).toEqual({ integrationId: null, promptId: null, fileListId: 12 });
    expect(queueLinksPayload(values, true).schedules).toHaveLength(7);
  });
});

describe('file list dialog (outreach-config.md §5, §7)', () => {
  it('needs a name of 3+ characters ("nome muito curto"), a message, and a name and a file per entry', () => {
    const values = fileListFormValues();
    expect(messagesOf(fileListFormSchema.safeParse({ ...values, name: 'ab', message: ' ' }))).toEqual({ name: 'files:validation.nameShort', message: 'files:validation.required' });
    expect(messagesOf(fileListFormSchema.safeParse({ name: 'Catálogo', message: 'Segue', options: [{ id: null, name: '', path: null, mediaType: null, file: null }] }))).toEqual({
      'options.0.name': 'files:validation.optionName',
      'options.0.file': 'files:validation.optionFile',
    });
  });

  it('sends kept entries by id and uploads each picked file to its saved entry', () => {
    const pdf = new File(['%PDF'], 'tabela.pdf', { type: 'application/pdf' });
    const png = new File(['png'], 'foto.png', { type: 'image/png' });
    const values = {
      name: 'Catálogo',
      message: 'Segue',
      options: [
        { id: 10, name: 'Tabela ', path: '/public/a.pdf', mediaType: 'application/pdf', file: pdf },
        { id: null, name: 'Foto', path: null, mediaType: null, file: png },
        { id: null, name: 'Sem troca', path: null, mediaType: null, file: null },
      ],
    };
    expect(fileListPayload(values)).toEqual({ name: 'Catálogo', message: 'Segue', options: [{ id: 10, name: 'Tabela' }, { name: 'Foto' }, { name: 'Sem troca' }] });
    const saved = { options: [{ id: 10 }, { id: 14 }, { id: 15 }] } as unknown as FileList;
    expect(pendingUploads(values, saved)).toEqual([
      { id: 10, name: 'Tabela', file: pdf, mediaType: 'application/pdf' },
      { id: 14, name: 'Foto', file: png, mediaType: 'image/png' },
    ]);
  });

  it('reads the live events: { action, files } and { action: delete, fileId }', () => {
    const list = { id: 3, name: 'x', message: 'y', options: [] };
    expect(eventRecord({ action: 'update', files: list })).toBe(list);
    expect(eventRemovedId({ action: 'delete', fileId: 3 })).toBe(3);
    expect(eventRecord({ action: 'delete', fileId: 3 })).toBeNull();
  });
});

describe('connection dialog tabs (account-admin.md §2, §3, §9)', () => {
  it('starts a new connection with 3 bot and NPS attempts and no redirect', () => {
    expect(connectionTabsValues()).toMatchObject({ maxUseBotQueues: '3', maxUseBotQueuesNPS: '3', timeSendQueue: '0', sendIdQueue: '', whenExpiresTicket: '0' });
    expect(SEND_QUEUE_MINUTES).toEqual([0, 5, 10, 15, 20, 25, 30, 60]);
  });

  it('needs whole numbers and a target queue when the redirect is on', () => {
    const values = { ...connectionTabsValues(), timeInactiveMessage: '1.5', timeSendQueue: '10' };
    expect(messagesOf(connectionTabsSchema(false).safeParse(values))).toEqual({ timeInactiveMessage: 'connections:validation.wholeNumber', sendIdQueue: 'connections:validation.sendQueue' });
    expect(connectionTabsSchema(false).safeParse({ ...values, timeInactiveMessage: '15', sendIdQueue: '4' }).success).toBe(true);
  });

  it('sends integers, null ids and blank texts, and drops the redirect queue while redirect is off', () => {
    const values = { ...connectionTabsValues(), ratingMessage: 'Nota de 1 a 5', expiresTicket: '', timeSendQueue: '0', sendIdQueue: '4', integrationId: '' };
    const payload = connectionTabsPayload(values, false);
    expect(payload).toMatchObject({ ratingMessage: 'Nota de 1 a 5', inactiveMessage: null, expiresTicket: 0, maxUseBotQueues: 3, timeSendQueue: 0, sendIdQueue: null, integrationId: null, whenExpiresTicket: 0 });
    expect(payload).not.toHaveProperty('schedules');
    expect(connectionTabsPayload({ ...values, timeSendQueue: '15' }, true)).toMatchObject({ timeSendQueue: 15, sendIdQueue: 4 });
    expect(connectionTabsPayload(values, true).schedules).toHaveLength(7);
  });

  it('reads a stored connection back', () => {
    const stored = { ratingMessage: null, inactiveMessage: 'Oi?', expiresInactiveMessage: null, maxUseBotQueues: 5, timeUseBotQueues: 2, expiresTicket: 60, whenExpiresTicket: 1, timeInactiveMessage: 30, timeCreateNewTicket: 0, timeSendQueue: 10, sendIdQueue: 8, maxUseBotQueuesNPS: 2, expiresTicketNPS: 15, integrationId: null, promptId: null, schedules: [] } as unknown as Connection;
    expect(connectionTabsValues(stored)).toMatchObject({ inactiveMessage: 'Oi?', maxUseBotQueues: '5', whenExpiresTicket: '1', timeSendQueue: '10', sendIdQueue: '8', expiresTicketNPS: '15' });
  });
});
