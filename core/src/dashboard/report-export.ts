import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { DASHBOARD_TIMEZONE, REPORT_SHEET_NAME, type ReportTicket } from '@guiche/contracts';
import { plainMessageText, REPORT_TEXTS, type ReportLang } from './report-texts.js';

/** The report's columns (outreach-config.md Tickets report), named in the file's language. */
function columnsIn(lang: ReportLang) {
  const c = REPORT_TEXTS[lang].columns;
  return [
    { header: c.id, key: 'id', width: 10 },
    { header: c.connection, key: 'whatsappName', width: 20 },
    { header: c.contact, key: 'contactName', width: 28 },
    { header: c.user, key: 'userName', width: 22 },
    { header: c.queue, key: 'queueName', width: 18 },
    { header: c.status, key: 'status', width: 10 },
    { header: c.lastMessage, key: 'lastMessage', width: 40 },
    { header: c.createdAt, key: 'createdAt', width: 18 },
    { header: c.closedAt, key: 'closedAt', width: 18 },
    { header: c.supportTime, key: 'supportTime', width: 20 },
    { header: c.nps, key: 'NPS', width: 6 },
    { header: c.closeReason, key: 'closeReason', width: 24 },
    { header: c.slaFirstResponse, key: 'slaFirstResponse', width: 18 },
    { header: c.slaResolution, key: 'slaResolution', width: 18 },
  ];
}

const dateTimes = new Map<string, Intl.DateTimeFormat>();
function dateTimeIn(locale: string): Intl.DateTimeFormat {
  let format = dateTimes.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: DASHBOARD_TIMEZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false,
    });
    dateTimes.set(locale, format);
  }
  return format;
}

/** The date and time in São Paulo as the language writes them (pt: DD/MM/YYYY HH:mm). */
export function formatDateTime(iso: string | null, locale = 'pt-BR'): string {
  return iso ? dateTimeIn(locale).format(new Date(iso)).replace(',', '') : '';
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
 * Writes relatorio-de-atendimentos.xlsx (sheet RelatorioDeAtendimentos) to `out`, in `lang`, with exceljs's
 * streaming writer: each batch of rows is committed and leaves memory before the next is read.
 * `progress` is called after each batch with the rows written so far.
 */
export async function writeReportXlsx(
  out: Writable,
  batches: AsyncIterable<ReportTicket[]>,
  progress: (done: number) => void,
  lang: ReportLang = 'pt',
): Promise<void> {
  const texts = REPORT_TEXTS[lang];
  const statusLabel = (status: string) => texts.status[status as keyof typeof texts.status] ?? status;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(REPORT_SHEET_NAME);
  sheet.columns = columnsIn(lang);
  let done = 0;
  for await (const rows of batches) {
    for (const r of rows) {
      sheet
        .addRow({
          ...r,
          whatsappName: r.whatsappName ?? '',
          userName: r.userName ?? '',
          queueName: r.queueName ?? '',
          status: statusLabel(r.status),
          lastMessage: plainMessageText(r.lastMessage ?? ''),
          createdAt: formatDateTime(r.createdAt, texts.locale),
          closedAt: formatDateTime(r.closedAt, texts.locale),
          supportTime: formatDuration(r.supportTime),
          NPS: r.NPS ?? '',
          // No cell at all without a reason: the row ends with its NPS as before.
          closeReason: r.closeReason?.name ?? null,
          // Likewise without an SLA: no cells.
          slaFirstResponse: r.sla.firstResponse ? texts.sla[r.sla.firstResponse] : null,
          slaResolution: r.sla.resolution ? texts.sla[r.sla.resolution] : null,
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
