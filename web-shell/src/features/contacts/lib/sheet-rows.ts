/**
 * The contact rows of a spreadsheet, read in the browser (inbox.md §2, §7: the web reads the sheet
 * and posts one row per call to POST /contactsImport). The rules are the server's own sheet reader
 * (core/src/contacts/spreadsheet.ts, behind POST /contacts/upload), kept identical so that a sheet
 * imports the same way through either door: a first row naming the columns maps them, accents and
 * case ignored; without one, columns A, B and C are name, number and e-mail from the first row on.
 * The sample sheet and backup_contatos.xlsx write 'Nome', 'Número', 'Email'.
 */

/** Header names recognised in a sheet (compared without accents, case or surrounding spaces). */
export const SHEET_HEADERS: Readonly<Record<'name' | 'number' | 'email' | 'ownerEmail' | 'birthday', readonly string[]>> = {
  name: ['nome', 'name'],
  number: ['numero', 'number', 'telefone', 'phone', 'celular', 'whatsapp'],
  email: ['email', 'e-mail'],
  // Issue #33: the owner agent's e-mail (wallet) and the birthday, only under a header naming them.
  ownerEmail: ['carteira', 'wallet', 'cartera', 'cuzdan', 'responsavel', 'owner'],
  birthday: ['aniversario', 'birthday', 'cumpleanos', 'dogum gunu', 'nascimento'],
};

/** A birthday cell: a date as its day, "DD/MM/YYYY" as YYYY-MM-DD, else the text as typed (the server judges it). */
function dayText(cell: SheetCell): string | undefined {
  const text = cellText(cell);
  const br = text && /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  return br ? `${br[3]}-${br[2]!.padStart(2, '0')}-${br[1]!.padStart(2, '0')}` : text;
}

/** One row to import: its 1-based number in the sheet, as a spreadsheet user sees it. */
export interface ContactSheetRow {
  row: number;
  values: { name?: string; number?: string; email?: string; ownerEmail?: string; birthday?: string };
}

/** A cell as read-excel-file gives it (numbers kept as the sheet's text, see readSheetRows). */
export type SheetCell = string | number | boolean | Date | null | undefined;

function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
}

/** A cell's text, undefined when blank. */
export function cellText(cell: SheetCell): string | undefined {
  if (cell === null || cell === undefined) return undefined;
  let text: string;
  if (cell instanceof Date) text = Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  else if (typeof cell === 'boolean') text = cell ? 'TRUE' : 'FALSE';
  else text = String(cell);
  text = text.trim();
  return text ? text : undefined;
}

/**
 * The rows worth a call, in sheet order. `data[i]` is sheet row i + 1 (read-excel-file keeps empty
 * rows in place), so the row numbers match what the user sees; rows with no name, number or e-mail
 * are skipped, as the server does.
 */
export function contactRowsFromSheet(data: readonly (readonly SheetCell[])[]): ContactSheetRow[] {
  const columns = { name: 0, number: 1, email: 2 as number | null, ownerEmail: null as number | null, birthday: null as number | null };
  let firstRow = 0;
  const header = new Map<string, number>();
  (data[0] ?? []).forEach((cell, index) => {
    const text = cellText(cell);
    if (text !== undefined) header.set(plain(text), index);
  });
  const find = (names: readonly string[]) => names.map((n) => header.get(n)).find((c) => c !== undefined);
  const nameCol = find(SHEET_HEADERS.name);
  const numberCol = find(SHEET_HEADERS.number);
  if (nameCol !== undefined && numberCol !== undefined) {
    Object.assign(columns, {
      name: nameCol,
      number: numberCol,
      email: find(SHEET_HEADERS.email) ?? null,
      ownerEmail: find(SHEET_HEADERS.ownerEmail) ?? null,
      birthday: find(SHEET_HEADERS.birthday) ?? null,
    });
    firstRow = 1;
  }

  const rows: ContactSheetRow[] = [];
  for (let index = firstRow; index < data.length; index++) {
    const cells = data[index] ?? [];
    const name = cellText(cells[columns.name]);
    const number = cellText(cells[columns.number]);
    const email = columns.email === null ? undefined : cellText(cells[columns.email]);
    if (name === undefined && number === undefined && email === undefined) continue;
    const ownerEmail = columns.ownerEmail === null ? undefined : cellText(cells[columns.ownerEmail]);
    const birthday = columns.birthday === null ? undefined : dayText(cells[columns.birthday]);
    rows.push({ row: index + 1, values: { name, number, email, ...(ownerEmail ? { ownerEmail } : {}), ...(birthday ? { birthday } : {}) } });
  }
  return rows;
}
