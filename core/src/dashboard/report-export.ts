import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { DASHBOARD_TIMEZONE, REPORT_SHEET_NAME, type ReportTicket } from '@guiche/contracts';

/** The report's columns (outreach-config.md Tickets report), as the spreadsheet names them. */
const COLUMNS = [
  { header: 'ID', key: 'id', width: 10 },
  { header: 'Conexão', key: 'whatsappName', width: 20 },
  { header: 'Contato', key: 'contactName', width: 28 },
  { header: 'Usuário', key: 'userName', width: 22 },
  { header: 'Fila', key: 'queueName', width: 18 },
  { header: 'Status', key: 'status', width: 10 },
  { header: 'Última mensagem', key: 'lastMessage', width: 40 },
  { header: 'Data de abertura', key: 'createdAt', width: 18 },
  { header: 'Data de fechamento', key: 'closedAt', width: 18 },
  { header: 'Tempo de atendimento', key: 'supportTime', width: 20 },
  { header: 'NPS', key: 'NPS', width: 6 },
];

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: DASHBOARD_TIMEZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false,
});

/** DD/MM/YYYY HH:mm in São Paulo. */
export function formatDateTime(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)).replace(',', '') : '';
}

/** Seconds as HH:MM:SS (hours may exceed 24). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Backlog allowed between the sheet and the zip's deflate before reading more rows. */
const ZIP_BACKLOG_BYTES = 1 << 20;

interface BackloggedStream {
  _writableState?: { length: number };
  once(event: 'drain', listener: () => void): unknown;
}

/**
 * exceljs 4.4's sheet stream writes into the zip entry without waiting for it (its StreamBuf
 * ignores write()'s false), so a producer faster than deflate queues the whole sheet's XML in
 * memory (100k rows: +100 MB). Waits for that entry stream (a readable-stream PassThrough) to
 * drain once its backlog passes ZIP_BACKLOG_BYTES; a no-op if exceljs's internals change shape.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  const entry = (sheet as unknown as { stream?: { pipes?: BackloggedStream[] } }).stream?.pipes?.[0];
  const backlog = entry?._writableState?.length ?? 0;
  if (entry && backlog > ZIP_BACKLOG_BYTES) await new Promise<void>((resolve) => entry.once('drain', resolve));
}

/**
 * Writes relatorio-de-atendimentos.xlsx (sheet RelatorioDeAtendimentos) to `out` with exceljs's
 * streaming writer: each batch of rows is committed and leaves memory before the next is read.
 * `progress` is called after each batch with the rows written so far.
 */
export async function writeReportXlsx(out: Writable, batches: AsyncIterable<ReportTicket[]>, progress: (done: number) => void): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(REPORT_SHEET_NAME);
  sheet.columns = COLUMNS;
  let done = 0;
  for await (const rows of batches) {
    for (const r of rows) {
      sheet
        .addRow({
          ...r,
          whatsappName: r.whatsappName ?? '',
          userName: r.userName ?? '',
          queueName: r.queueName ?? '',
          createdAt: formatDateTime(r.createdAt),
          closedAt: formatDateTime(r.closedAt),
          supportTime: formatDuration(r.supportTime),
          NPS: r.NPS ?? '',
        })
        .commit();
    }
    done += rows.length;
    progress(done);
    await zipCaughtUp(sheet);
    // A slow client: wait for the socket before reading more rows.
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
  await workbook.commit();
}
