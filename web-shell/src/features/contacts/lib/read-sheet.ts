import { CONTACT_IMPORT_MAX_ROWS } from '@guiche/contracts';
import { contactRowsFromSheet, type ContactSheetRow, type SheetCell } from './sheet-rows.js';

export type SheetReadFailure = 'xls' | 'unreadable' | 'empty' | 'tooMany';
export type SheetReadResult = { ok: true; rows: ContactSheetRow[] } | { ok: false; reason: SheetReadFailure };

/**
 * Reads the first sheet of an .xlsx file in the browser. read-excel-file is imported on demand so
 * the contacts page does not carry it until someone imports. Numbers stay as the sheet's text
 * (parseNumber), so a long phone number is never rounded or written in exponent form. A file that
 * is not an .xlsx (or is damaged) is a reason, not an exception; the row limit is the server's
 * upload limit, so both doors accept the same sheets.
 */
export async function readContactSheetFile(file: Blob): Promise<SheetReadResult> {
  const { readSheet } = await import('read-excel-file/browser');
  let data: SheetCell[][];
  try {
    data = (await readSheet(file, { parseNumber: (text: string) => text })) as unknown as SheetCell[][];
  } catch (error) {
    return { ok: false, reason: (error as { code?: unknown }).code === 'XLS_FILE_NOT_SUPPORTED' ? 'xls' : 'unreadable' };
  }
  const rows = contactRowsFromSheet(data);
  if (rows.length === 0) return { ok: false, reason: 'empty' };
  if (rows.length > CONTACT_IMPORT_MAX_ROWS) return { ok: false, reason: 'tooMany' };
  return { ok: true, rows };
}
