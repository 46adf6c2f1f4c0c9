import { useRef, useState } from 'react';
import { REPORT_FILE_NAME, ReportEvents } from '@guiche/contracts';
import { saveBlob, useSession, useSocketEvent } from '@guiche/web-sdk';
import { downloadReport } from '../api/reports-api.js';

export interface ExportProgress { done: number; total: number }

/**
 * Exports the report as relatorio-de-atendimentos.xlsx: the server streams it and reports each
 * batch written on company-{id}-reportExport (the progress bar); the browser saves the file.
 */
export function useReportExport() {
  const { user } = useSession();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const current = useRef<string | null>(null);
  useSocketEvent<{ exportId: string; done: number; total: number }>(user ? ReportEvents.exportProgress(user.companyId) : null, (e) => {
    if (e.exportId === current.current) setProgress({ done: e.done, total: e.total });
  });
  async function run(params: Record<string, string | number>): Promise<void> {
    const exportId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    current.current = exportId;
    setProgress({ done: 0, total: 0 });
    try {
      const blob = await downloadReport(params, exportId);
      saveBlob(blob, REPORT_FILE_NAME);
    } finally {
      current.current = null;
      setProgress(null);
    }
  }
  return { progress, running: progress !== null, run };
}
