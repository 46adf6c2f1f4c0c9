import { afterEach, describe, expect, it, vi } from 'vitest';
import { AxiosError, AxiosHeaders } from 'axios';
import { readSheet } from 'read-excel-file/universal';
import { V } from '@guiche/contracts';
import { i18n } from '@guiche/web-sdk';
import { SAMPLE_SHEET_BASE64 } from '../src/features/contacts/lib/sample-sheet.js';
import { cellText, contactRowsFromSheet, type SheetCell } from '../src/features/contacts/lib/sheet-rows.js';
import { rowFailureReason, rowFailureText } from '../src/features/contacts/lib/row-error.js';
import {
  importRows,
  progressValue,
  reportsProgress,
  PROGRESS_EVERY_ROWS,
  ROW_SPACING_MS,
  type ImportProgress,
  type RowOutcome,
} from '../src/features/contacts/lib/row-import.js';

/**
 * The spreadsheet import of the contacts page (inbox.md §2, §7): how the browser reads the rows of
 * a sheet, and the pacing of the one-call-per-row import (the clock is vitest's fake one here; the
 * browser test runs it on real timers).
 */

describe('reading the rows of a sheet (same rules as the server’s POST /contacts/upload)', () => {
  it('maps the Portuguese headers of the sample and the export, accents and case ignored', () => {
    const rows = contactRowsFromSheet([
      ['Nome', 'Número', 'Email', 'Tags'],
      ['Ana Souza', '5511900000001', 'ana@exemplo.com', 'VIP'],
      ['Bruno', '5511900000002', null, null],
    ]);
    expect(rows).toEqual([
      { row: 2, values: { name: 'Ana Souza', number: '5511900000001', email: 'ana@exemplo.com' } },
      { row: 3, values: { name: 'Bruno', number: '5511900000002', email: undefined } },
    ]);
  });

  it('finds the columns by their other names, in any order, and reads no e-mail without that column', () => {
    expect(contactRowsFromSheet([['  TELEFONE ', 'name', 'E-MAIL'], ['5511900000003', 'Carla', 'c@x.com']])).toEqual([
      { row: 2, values: { name: 'Carla', number: '5511900000003', email: 'c@x.com' } },
    ]);
    expect(contactRowsFromSheet([['Celular', 'Nome'], ['5511900000004', 'Davi']])).toEqual([{ row: 2, values: { name: 'Davi', number: '5511900000004', email: undefined } }]);
  });

  it('reads columns A, B and C from the first row when the first row does not name name and number', () => {
    expect(contactRowsFromSheet([['Edu', '5511900000005', 'e@x.com'], ['Nome', null, null]])).toEqual([
      { row: 1, values: { name: 'Edu', number: '5511900000005', email: 'e@x.com' } },
      { row: 2, values: { name: 'Nome', number: undefined, email: undefined } },
    ]);
  });

  it('skips blank rows but keeps the sheet’s row numbers, and keeps half-filled rows for the server to judge', () => {
    const rows = contactRowsFromSheet([['Nome', 'Número'], [], [null, '  '], ['Fabi', null], [null, '5511900000007']]);
    expect(rows).toEqual([
      { row: 4, values: { name: 'Fabi', number: undefined, email: undefined } },
      { row: 5, values: { name: undefined, number: '5511900000007', email: undefined } },
    ]);
    expect(contactRowsFromSheet([])).toEqual([]);
  });

  it('turns cells into trimmed text', () => {
    const cells: [SheetCell, string | undefined][] = [
      ['  Gil ', 'Gil'],
      [5511900000008, '5511900000008'],
      [true, 'TRUE'],
      [new Date('2024-03-05T00:00:00Z'), '2024-03-05'],
      ['', undefined],
      [null, undefined],
    ];
    for (const [cell, text] of cells) expect(cellText(cell)).toBe(text);
  });

  it('reads the sample sheet offered for download with the same reader the browser uses', async () => {
    const bytes = Uint8Array.from(atob(SAMPLE_SHEET_BASE64), (c) => c.charCodeAt(0));
    const data = await readSheet(bytes.buffer, { parseNumber: (text: string) => text });
    expect(data[0]).toEqual(['Nome', 'Número', 'Email']);
    const rows = contactRowsFromSheet(data as unknown as SheetCell[][]);
    expect(rows.map((r) => r.row)).toEqual([2, 3]);
    for (const r of rows) {
      expect(r.values.name).toMatch(/\S{2,}/);
      expect(r.values.number).toMatch(/^\d{12,13}$/);
    }
  });
});

describe('importing row by row (330 ms apart, progress every 5 rows)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const sheet = (count: number) => Array.from({ length: count }, (_, i) => ({ row: i + 2, values: { name: `Pessoa ${i}`, number: `55119000000${i}` } }));

  it('keeps the spec’s constants', () => {
    expect(ROW_SPACING_MS).toBe(330);
    expect(PROGRESS_EVERY_ROWS).toBe(5);
  });

  it('sends one row at a time, 330 ms after the previous answer, and reports every 5 rows and at the end', async () => {
    vi.useFakeTimers({ now: 0 });
    const calls: { row: number; at: number }[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const send = async (row: { row: number }): Promise<RowOutcome> => {
      calls.push({ row: row.row, at: Date.now() });
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      // Each answer takes 100 ms.
      await new Promise((resolve) => setTimeout(resolve, 100));
      inFlight--;
      if (row.row === 5) throw new AxiosError('bad', 'ERR_BAD_REQUEST');
      return row.row % 2 ? 'updated' : 'created';
    };
    const reports: ImportProgress[] = [];
    const run = importRows({ rows: sheet(12), send, describeError: () => ({ error: 'ERR_X' }), onProgress: (p) => reports.push(p) });
    await vi.runAllTimersAsync();
    const outcome = await run;

    expect(calls.map((c) => c.at)).toEqual(Array.from({ length: 12 }, (_, i) => i * (100 + 330)));
    expect(maxInFlight).toBe(1);
    expect(reports.map((r) => r.done)).toEqual([5, 10, 12]);
    expect(reports[0]).toEqual({ done: 5, total: 12, created: 3, updated: 1, errors: [{ row: 5, error: 'ERR_X' }] });
    expect(outcome).toEqual({ done: 12, total: 12, created: 6, updated: 5, errors: [{ row: 5, error: 'ERR_X' }], cancelled: false });
  });

  it('lists every failed row in sheet order with its reason', async () => {
    vi.useFakeTimers({ now: 0 });
    const rows = sheet(7);
    const run = importRows({
      rows,
      send: async (row) => {
        if (row.row === 3) throw new Error('name');
        if (row.row === 7) throw new Error('email');
        return 'created';
      },
      describeError: (error) => ({ error: V.tooShort, field: (error as Error).message }),
      onProgress: () => undefined,
    });
    await vi.runAllTimersAsync();
    expect((await run).errors).toEqual([
      { row: 3, error: V.tooShort, field: 'name' },
      { row: 7, error: V.tooShort, field: 'email' },
    ]);
  });

  it('stops at once when cancelled during the pause, and sends nothing more', async () => {
    vi.useFakeTimers({ now: 0 });
    const controller = new AbortController();
    const sent: number[] = [];
    const reports: number[] = [];
    const run = importRows({
      rows: sheet(10),
      send: async (row) => {
        sent.push(row.row);
        return 'created';
      },
      describeError: () => ({ error: 'x' }),
      onProgress: (p) => reports.push(p.done),
      signal: controller.signal,
    });
    await vi.advanceTimersByTimeAsync(ROW_SPACING_MS * 2 + 10); // rows 2, 3 and 4 sent, in the pause after 4
    controller.abort();
    const outcome = await run;
    expect(Date.now()).toBe(ROW_SPACING_MS * 2 + 10);
    await vi.runAllTimersAsync();
    expect(sent).toEqual([2, 3, 4]);
    expect(outcome).toMatchObject({ done: 3, total: 10, created: 3, cancelled: true });
    expect(reports).toEqual([3]);
  });

  it('lets the row in flight finish when cancelled, then stops', async () => {
    vi.useFakeTimers({ now: 0 });
    const controller = new AbortController();
    const sent: number[] = [];
    const send = async (row: { row: number }): Promise<RowOutcome> => {
      sent.push(row.row);
      if (row.row === 3) controller.abort();
      await new Promise((resolve) => setTimeout(resolve, 50));
      return 'updated';
    };
    const run = importRows({ rows: sheet(10), send, describeError: () => ({ error: 'x' }), onProgress: () => undefined, signal: controller.signal });
    await vi.runAllTimersAsync();
    expect(await run).toMatchObject({ done: 2, updated: 2, cancelled: true });
    expect(sent).toEqual([2, 3]);
  });

  it('reports once for an empty sheet', async () => {
    const reports: ImportProgress[] = [];
    const outcome = await importRows({ rows: [], send: async () => 'created', describeError: () => ({ error: 'x' }), onProgress: (p) => reports.push(p) });
    expect(reports).toEqual([{ done: 0, total: 0, created: 0, updated: 0, errors: [] }]);
    expect(outcome.cancelled).toBe(false);
  });

  it('moves the bar every 5 rows and at the last', () => {
    expect([1, 4, 5, 6, 10, 11, 12].filter((done) => reportsProgress(done, 12))).toEqual([5, 10, 12]);
    expect(reportsProgress(3, 3)).toBe(true);
    expect(progressValue({ done: 5, total: 20 })).toBe(0.25);
    expect(progressValue({ done: 0, total: 0 })).toBe(0);
  });
});

describe('the reason of a failed row', () => {
  const failure = (status: number, data: unknown) =>
    new AxiosError('failed', 'ERR_BAD_REQUEST', undefined, undefined, { status, data, statusText: '', headers: {}, config: { headers: new AxiosHeaders() } });

  it('is the first validation issue with its field, or the error code, or the generic error without an answer', () => {
    expect(rowFailureReason(failure(400, { error: 'ERR_VALIDATION', issues: [{ path: ['email'], message: V.invalidEmail }, { path: ['name'], message: V.tooShort }] }))).toEqual({
      error: V.invalidEmail,
      field: 'email',
    });
    expect(rowFailureReason(failure(409, { error: 'ERR_DUPLICATED_CONTACT' }))).toEqual({ error: 'ERR_DUPLICATED_CONTACT' });
    expect(rowFailureReason(new AxiosError('Network Error', 'ERR_NETWORK'))).toEqual({ error: 'common.genericError' });
  });

  it('reads as the sdk’s translated text', async () => {
    await i18n.changeLanguage('pt');
    const t = i18n.t.bind(i18n) as (key: string, options: { defaultValue: string }) => string;
    expect(rowFailureText(V.tooShort, t)).toBe('Muito curto!');
    expect(rowFailureText('ERR_DUPLICATED_CONTACT', t)).toBe('Já existe um contato com este número.');
    expect(rowFailureText('common.genericError', t)).toBe('Ocorreu um erro!');
    expect(rowFailureText('ERR_SOMETHING_NEW', t)).toBe('ERR_SOMETHING_NEW');
  });
});
