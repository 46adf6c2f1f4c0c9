import { createContext, useContext } from 'react';
import type { FlowNodeCounter, FlowProblem } from '@guiche/contracts';

/** What the canvas's nodes show beside their own data: the live version's counters and the draft's problems. */
export interface EditorMarks {
  counters: Record<string, FlowNodeCounter>;
  problems: Record<string, FlowProblem[]>;
}

export const EditorMarksContext = createContext<EditorMarks>({ counters: {}, problems: {} });
export const useEditorMarks = () => useContext(EditorMarksContext);
