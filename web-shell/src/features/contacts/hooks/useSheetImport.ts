import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { importContactRow } from '../api/contacts-api.js';
import { contactKeys } from '../api/query-keys.js';
import { readContactSheetFile, type SheetReadFailure } from '../lib/read-sheet.js';
import { rowFailureReason } from '../lib/row-error.js';
import { importRows, type ImportOutcome, type ImportProgress } from '../lib/row-import.js';
import type { ContactSheetRow } from '../lib/sheet-rows.js';

export type SheetImportState =
  | { kind: 'idle' }
  | { kind: 'reading'; fileName: string }
  | { kind: 'unreadable'; fileName: string; reason: SheetReadFailure }
  | { kind: 'ready'; fileName: string; rows: ContactSheetRow[] }
  | { kind: 'running'; fileName: string; rows: ContactSheetRow[]; progress: ImportProgress; cancelling: boolean }
  | { kind: 'done'; fileName: string; rows: ContactSheetRow[]; outcome: ImportOutcome }
  | { kind: 'failed'; fileName: string; error: unknown };

/**
 * The import dialog's state: the chosen file is read in the browser (row count shown), then each
 * row is posted on its own (lib/row-import.ts). One run at a time; closing the page cancels it
 * after the row in flight; the contacts list is refreshed when it ends.
 */
export function useSheetImport() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SheetImportState>({ kind: 'idle' });
  const stateRef = useRef(state);
  stateRef.current = state;
  const readToken = useRef(0);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const choose = useCallback(async (file: File | null) => {
    if (running.current) return;
    const token = ++readToken.current;
    if (!file) {
      setState({ kind: 'idle' });
      return;
    }
    setState({ kind: 'reading', fileName: file.name });
    try {
      const read = await readContactSheetFile(file);
      if (token !== readToken.current) return;
      setState(read.ok ? { kind: 'ready', fileName: file.name, rows: read.rows } : { kind: 'unreadable', fileName: file.name, reason: read.reason });
    } catch (error) {
      // The reader itself did not load (e.g. the chunk could not be fetched).
      if (token === readToken.current) setState({ kind: 'failed', fileName: file.name, error });
    }
  }, []);

  const start = useCallback(async () => {
    const current = stateRef.current;
    if (current.kind !== 'ready' || running.current) return;
    const controller = new AbortController();
    running.current = controller;
    const { fileName, rows } = current;
    setState({ kind: 'running', fileName, rows, progress: { done: 0, total: rows.length, created: 0, updated: 0, errors: [] }, cancelling: false });
    try {
      const outcome = await importRows({
        rows,
        send: (row) => importContactRow(row.values),
        describeError: rowFailureReason,
        signal: controller.signal,
        onProgress: (progress) => setState((s) => (s.kind === 'running' ? { ...s, progress } : s)),
      });
      setState({ kind: 'done', fileName, rows, outcome });
    } finally {
      running.current = null;
      void queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
    }
  }, [queryClient]);

  const cancel = useCallback(() => {
    if (!running.current) return;
    running.current.abort();
    setState((s) => (s.kind === 'running' ? { ...s, cancelling: true } : s));
  }, []);

  const reset = useCallback(() => {
    readToken.current++;
    setState({ kind: 'idle' });
  }, []);

  return { state, choose, start, cancel, reset };
}
