import type { Edge, Node } from '@xyflow/react';
import type { FlowGraph, FlowNode, FlowNodeType } from '@guiche/contracts';

/** The canvas's node: the flow node's type and data, as @xyflow/react holds them. */
export type CanvasNode = Node<{ node: FlowNode }, 'flow'>;

export const PALETTE: FlowNodeType[] = ['message', 'menu', 'question', 'condition', 'wait', 'setQueue', 'assign', 'setTag', 'removeTag', 'ticket', 'http', 'goToFlow', 'end'];

export function toCanvas(graph: FlowGraph): { nodes: CanvasNode[]; edges: Edge[] } {
  return {
    nodes: graph.nodes.map((n) => ({ id: n.id, type: 'flow', position: n.position, data: { node: n }, deletable: n.type !== 'start' })),
    edges: graph.edges.map((e) => ({ id: e.id, source: e.source, sourceHandle: e.sourceHandle, target: e.target })),
  };
}

export function fromCanvas(nodes: CanvasNode[], edges: Edge[]): FlowGraph {
  return {
    nodes: nodes.map((n) => ({ ...n.data.node, id: n.id, position: { x: Math.round(n.position.x), y: Math.round(n.position.y) } }) as FlowNode),
    edges: edges.map((e) => ({ id: e.id, source: e.source, sourceHandle: e.sourceHandle ?? 'next', target: e.target })),
  };
}

const uid = () => Math.random().toString(36).slice(2, 10);

export const newNodeId = (type: FlowNodeType) => `${type}-${uid()}`;

/** A new node of the palette's type, with the data its form starts from. */
export function newNode(type: FlowNodeType, position: { x: number; y: number }): FlowNode {
  const id = newNodeId(type);
  const data: Record<string, unknown> =
    type === 'menu' ? { text: '', options: [{ id: uid(), label: '' }], retries: 2 } : type === 'http' ? { method: 'GET', url: '', headers: [], responseMap: [] } : type === 'wait' ? { minutes: 5 } : type === 'ticket' ? { action: 'close' } : {};
  return { id, type, position, data } as FlowNode;
}

export const newEdgeId = () => `e-${uid()}`;
export const newOptionId = uid;
