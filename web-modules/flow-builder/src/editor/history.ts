import { useCallback, useRef, useState } from 'react';
import type { FlowGraph } from '@guiche/contracts';

const LIMIT = 100;

/** Undo/redo over graph snapshots: `record` before each change the user makes. */
export function useHistory(apply: (graph: FlowGraph) => void) {
  const past = useRef<FlowGraph[]>([]);
  const future = useRef<FlowGraph[]>([]);
  const [, bump] = useState(0);
  const record = useCallback((current: FlowGraph) => {
    past.current = [...past.current.slice(-LIMIT + 1), current];
    future.current = [];
    bump((n) => n + 1);
  }, []);
  const undo = useCallback(
    (current: FlowGraph) => {
      const previous = past.current.pop();
      if (!previous) return;
      future.current.push(current);
      apply(previous);
      bump((n) => n + 1);
    },
    [apply],
  );
  const redo = useCallback(
    (current: FlowGraph) => {
      const next = future.current.pop();
      if (!next) return;
      past.current.push(current);
      apply(next);
      bump((n) => n + 1);
    },
    [apply],
  );
  return { record, undo, redo, canUndo: past.current.length > 0, canRedo: future.current.length > 0 };
}
