import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import ExcelJS from 'exceljs';
import { V } from '@guiche/contracts';
import { AppError, type PluginContext } from '@guiche/core';
import { contactListItemInputSchema } from './schemas.js';

/** Rows one upload may carry. */
export const UPLOAD_MAX_ROWS = 5000;
const HEADERS = { name: ['nome', 'name'], number: ['numero', 'number', 'telefone', 'phone', 'celular', 'whatsapp'], email: ['email', 'e-mail'] };
const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
const invalidFile = () => new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['file'], message: 'validation.spreadsheetFile' }] });

export interface UploadRowResult {
  /** 1-based row of the sheet. */
  row: number;
  status: 'created' | 'updated' | 'error';
  name?: string;
  number?: string;
  /** Validation keys of the row's fields when it is in error. */
  errors?: { path: string; message: string }[];
}

async function readFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['file'], message: V.required }] });
  let buffer: Buffer | null = null;
  for await (const part of request.parts({ limits: { files: 1 } })) {
    if (part.type !== 'file') continue;
    if (buffer) {
      part.file.resume();
      continue;
    }
    buffer = await part.toBuffer();
  }
  if (!buffer) throw new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['file'], message: V.required }] });
  return buffer;
}

/** Name, number and e-mail of each row: a header row (nome/numero/email) maps columns, else A, B, C. */
async function readRows(buffer: Buffer): Promise<{ row: number; name?: string; number?: string; email?: string }[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw invalidFile();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalidFile();
  const header = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => header.set(plain(cell.text ?? ''), col));
  const find = (names: string[]) => names.map((n) => header.get(n)).find((c) => c !== undefined);
  let cols = { name: 1, number: 2, email: 3 };
  let first = 1;
  const nameCol = find(HEADERS.name);
  const numberCol = find(HEADERS.number);
  if (nameCol && numberCol) {
    cols = { name: nameCol, number: numberCol, email: find(HEADERS.email) ?? 0 };
    first = 2;
  }
  if (sheet.actualRowCount - (first - 1) > UPLOAD_MAX_ROWS) throw new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['file'], message: 'validation.spreadsheetTooManyRows' }] });
  const text = (cell: ExcelJS.Cell) => {
    const t = cell.value === null || cell.value === undefined ? '' : (cell.text ?? '').trim();
    return t || undefined;
  };
  const rows: { row: number; name?: string; number?: string; email?: string }[] = [];
  sheet.eachRow({ includeEmpty: false }, (r, n) => {
    if (n < first) return;
    const values = { row: n, name: text(r.getCell(cols.name)), number: text(r.getCell(cols.number)), email: cols.email ? text(r.getCell(cols.email)) : undefined };
    if (values.name || values.number || values.email) rows.push(values);
  });
  return rows;
}

/** POST /contact-lists/{id}/upload: every valid row created (or updated by number), every other row reported in error. */
export async function importSheet(ctx: Pick<PluginContext, 'db'>, request: FastifyRequest, companyId: number, contactListId: number): Promise<UploadRowResult[]> {
  const rows = await readRows(await readFile(request));
  const results: UploadRowResult[] = [];
  for (const r of rows) {
    const parsed = contactListItemInputSchema.safeParse({ name: r.name, number: r.number, email: r.email ?? null, contactListId });
    if (!parsed.success) {
      results.push({ row: r.row, status: 'error', name: r.name, number: r.number, errors: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
      continue;
    }
    const { name, email } = parsed.data;
    const number = parsed.data.number.replace(/\D/g, '');
    if (number.length < 8) {
      results.push({ row: r.row, status: 'error', name, number: r.number, errors: [{ path: 'number', message: V.tooShort }] });
      continue;
    }
    const [row] = await ctx.db('contactListItems')
      .insert({ companyId, contactListId, name, number, email })
      .onConflict(['contactListId', 'number'])
      .merge({ name, email, updatedAt: ctx.db.fn.now() })
      .returning(ctx.db.raw('(xmax = 0) AS inserted'));
    results.push({ row: r.row, status: row.inserted ? 'created' : 'updated', name, number });
  }
  return results;
}

/** The sample sheet the lists page offers: the header row the import recognises and two examples. */
export async function sampleSheet(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  sheet.columns = [
    { header: 'Nome', key: 'name', width: 30 },
    { header: 'Numero', key: 'number', width: 20 },
    { header: 'Email', key: 'email', width: 30 },
  ];
  sheet.addRow({ name: 'Maria Silva', number: '5511999990001', email: 'maria@exemplo.com' });
  sheet.addRow({ name: 'João Souza', number: '5521988880002', email: '' });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
