import type { FlowGraph, FlowNode } from '@guiche/contracts';
import { newEdgeId, newNodeId } from './graph';

/** What Ctrl+C took: blocks and the lines between them (a line to a block left behind is not copied). */
export type Fragment = FlowGraph;

/** How far a pasted copy sits from its original, so it never hides it. */
export const PASTE_OFFSET = { x: 40, y: 40 };

/** The selected blocks (never the start: a flow has one) and the lines that join two of them. */
export function copyFragment(graph: FlowGraph, selectedIds: ReadonlySet<string>): Fragment | null {
  const nodes = graph.nodes.filter((n) => selectedIds.has(n.id) && n.type !== 'start');
  if (!nodes.length) return null;
  const taken = new Set(nodes.map((n) => n.id));
  const edges = graph.edges.filter((e) => taken.has(e.source) && taken.has(e.target));
  return structuredClone({ nodes, edges });
}

/**
 * A copy of the fragment with new block and line ids, moved by `offset` (each paste of the same
 * fragment moves further). A menu's options keep their ids: an output is named by its block and
 * option together, so the copy's lines leave from the copy's own options.
 */
export function pasteFragment(fragment: Fragment, offset: { x: number; y: number }): Fragment {
  const ids = new Map(fragment.nodes.map((n) => [n.id, newNodeId(n.type)]));
  const nodes = fragment.nodes.map(
    (n) => ({ ...structuredClone(n), id: ids.get(n.id)!, position: { x: n.position.x + offset.x, y: n.position.y + offset.y } }) as FlowNode,
  );
  const edges = fragment.edges.map((e) => ({ ...e, id: newEdgeId(), source: ids.get(e.source)!, target: ids.get(e.target)! }));
  return { nodes, edges };
}

/**
 * The copy Ctrl+V pastes: kept while the page lives, so blocks copied in one flow paste into
 * another. Each paste of one copy lands a step further than the last.
 */
let copied: { fragment: Fragment; pastes: number } | null = null;

export function rememberCopy(fragment: Fragment): void {
  copied = { fragment, pastes: 0 };
}

/** The next paste of the remembered copy, or null when nothing was copied. */
export function nextPaste(): Fragment | null {
  if (!copied) return null;
  copied.pastes += 1;
  return pasteFragment(copied.fragment, { x: PASTE_OFFSET.x * copied.pastes, y: PASTE_OFFSET.y * copied.pastes });
}
