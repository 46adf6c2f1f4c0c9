import type { FlowGraph } from '@guiche/contracts';

/** Room a block is given when the canvas has not measured it yet. */
const DEFAULT_SIZE = { width: 220, height: 90 };

/**
 * Auto-layout: the blocks in ranks from the start downwards (dagre's layered layout, the lines'
 * crossings reduced), each block's size as the canvas measured it. Positions are the blocks'
 * top-left corners, as the canvas keeps them. Loaded on demand: only the button pays for dagre.
 */
export async function arrangeGraph(graph: FlowGraph, sizes: ReadonlyMap<string, { width: number; height: number }>): Promise<FlowGraph> {
  const { graphlib, layout } = await import('@dagrejs/dagre');
  const g = new graphlib.Graph();
  g.setGraph({ rankdir: 'TB', nodesep: 50, ranksep: 70, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) g.setNode(node.id, { ...(sizes.get(node.id) ?? DEFAULT_SIZE) });
  for (const edge of graph.edges) g.setEdge(edge.source, edge.target);
  layout(g);
  return {
    nodes: graph.nodes.map((node) => {
      const { x, y, width, height } = g.node(node.id);
      return { ...node, position: { x: Math.round(x - width / 2), y: Math.round(y - height / 2) } };
    }),
    edges: graph.edges,
  };
}
