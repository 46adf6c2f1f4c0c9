import ExcelJS from 'exceljs';
import { CONTACT_IMPORT_MAX_ROWS, ContactV, type Contact } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';

/** Header names recognised in an uploaded sheet (accents and case ignored). */
const HEADERS: Record<'name' | 'number' | 'email' | 'ownerEmail' | 'birthday', string[]> = {
  name: ['nome', 'name'],
  number: ['numero', 'number', 'telefone', 'phone', 'celular', 'whatsapp'],
  email: ['email', 'e-mail'],
  ownerEmail: ['carteira', 'wallet', 'cartera', 'cuzdan', 'responsavel', 'owner'],
  birthday: ['aniversario', 'birthday', 'cumpleanos', 'dogum gunu', 'nascimento'],
};
/** What the export writes; the import reads these back. */
const EXPORT_COLUMNS = [
  { header: 'Nome', key: 'name', width: 30 },
  { header: 'Número', key: 'number', width: 20 },
  { header: 'Email', key: 'email', width: 30 },
  { header: 'Tags', key: 'tags', width: 30 },
];

export interface SheetRow {
  /** 1-based row number in the sheet, as a spreadsheet user sees it. */
  row: number;
  values: { name: unknown; number: unknown; email: unknown; ownerEmail?: unknown; birthday?: unknown };
}

function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
}

function cellText(cell: ExcelJS.Cell): string | undefined {
  const value = cell.value;
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'object' && 'hyperlink' in value && 'text' in value) return String(value.text);
  const text = cell.text?.trim();
  return text ? text : undefined;
}

/** A birthday cell: a date cell as its calendar day, "DD/MM/YYYY" as YYYY-MM-DD, else the text as typed. */
function dayText(cell: ExcelJS.Cell): string | undefined {
  const value = cell.value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const text = cellText(cell);
  const br = text && /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  return br ? `${br[3]}-${br[2].padStart(2, '0')}-${br[1].padStart(2, '0')}` : text;
}

function invalidFile(): AppError {
  return new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['file'], message: ContactV.spreadsheetFile }] });
}

/**
 * The rows of the first sheet. A first row naming the columns (nome/name, numero/number, email) maps
 * them; without one, columns A, B and C are name, number and e-mail from the first row on.
 */
export async function readContactSheet(buffer: Buffer): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw invalidFile();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalidFile();

  const columns = { name: 1, number: 2, email: 3, ownerEmail: 0, birthday: 0 };
  let firstRow = 1;
  const header = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => header.set(plain(cell.text ?? ''), col));
  const find = (names: string[]) => names.map((n) => header.get(n)).find((c) => c !== undefined);
  const nameCol = find(HEADERS.name);
  const numberCol = find(HEADERS.number);
  if (nameCol && numberCol) {
    Object.assign(columns, { name: nameCol, number: numberCol, email: find(HEADERS.email) ?? 0, ownerEmail: find(HEADERS.ownerEmail) ?? 0, birthday: find(HEADERS.birthday) ?? 0 });
    firstRow = 2;
  }
  if (sheet.actualRowCount - (firstRow - 1) > CONTACT_IMPORT_MAX_ROWS) {
    throw new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['file'], message: ContactV.spreadsheetTooManyRows }] });
  }

  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber < firstRow) return;
    const values = {
      name: cellText(row.getCell(columns.name)),
      number: cellText(row.getCell(columns.number)),
      email: columns.email ? cellText(row.getCell(columns.email)) : undefined,
      ownerEmail: columns.ownerEmail ? cellText(row.getCell(columns.ownerEmail)) : undefined,
      birthday: columns.birthday ? dayText(row.getCell(columns.birthday)) : undefined,
    };
    if (values.name === undefined && values.number === undefined && values.email === undefined) return;
    rows.push({ row: rowNumber, values });
  });
  return rows;
}

/** backup_contatos.xlsx: one sheet of contacts, written batch by batch. */
export async function writeContactSheet(batches: AsyncIterable<Contact[]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  sheet.columns = EXPORT_COLUMNS;
  for await (const contacts of batches) {
    for (const c of contacts) {
      sheet.addRow({ name: c.name, number: c.number, email: c.email, tags: c.tags.map((t) => t.name).join(', ') });
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
