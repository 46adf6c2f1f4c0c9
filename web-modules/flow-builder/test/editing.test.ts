import { describe, expect, it } from 'vitest';
import { flowProblems, type FlowGraph } from '@guiche/contracts';
import { copyFragment, nextPaste, pasteFragment, rememberCopy, PASTE_OFFSET } from '../src/editor/clipboard';
import { arrangeGraph } from '../src/editor/arrange';

const at = (x: number, y: number) => ({ x, y });
const graph: FlowGraph = {
  nodes: [
    { id: 'start', type: 'start', position: at(0, 0), data: {} },
    { id: 'hello', type: 'message', position: at(0, 100), data: { text: 'Olá!' } },
    { id: 'menu', type: 'menu', position: at(0, 200), data: { text: 'Escolha', options: [{ id: 'o1', label: 'Vendas' }, { id: 'o2', label: 'Suporte' }], retries: 2 } },
    { id: 'sales', type: 'message', position: at(-150, 300), data: { text: 'Vendas' } },
    { id: 'help', type: 'message', position: at(150, 300), data: { text: 'Suporte' } },
    { id: 'end', type: 'end', position: at(0, 400), data: {} },
  ],
  edges: [
    { id: 'e1', source: 'start', sourceHandle: 'next', target: 'hello' },
    { id: 'e2', source: 'hello', sourceHandle: 'next', target: 'menu' },
    { id: 'e3', source: 'menu', sourceHandle: 'option:o1', target: 'sales' },
    { id: 'e4', source: 'menu', sourceHandle: 'option:o2', target: 'help' },
    { id: 'e7', source: 'menu', sourceHandle: 'invalid', target: 'end' },
    { id: 'e5', source: 'sales', sourceHandle: 'next', target: 'end' },
    { id: 'e6', source: 'help', sourceHandle: 'next', target: 'end' },
  ],
} as FlowGraph;

describe("the flow editor's copy and paste", () => {
  it('starts from a valid flow', () => expect(flowProblems(graph)).toEqual([]));

  it('copies the chosen blocks with the lines between them, never the start', () => {
    const fragment = copyFragment(graph, new Set(['start', 'menu', 'sales']))!;
    expect(fragment.nodes.map((n) => n.id)).toEqual(['menu', 'sales']);
    expect(fragment.edges).toEqual([{ id: 'e3', source: 'menu', sourceHandle: 'option:o1', target: 'sales' }]);
    expect(copyFragment(graph, new Set(['start']))).toBeNull();
    expect(copyFragment(graph, new Set())).toBeNull();
  });

  it('pastes a copy with new ids, moved aside, joined as the original, and leaves the original as it was', () => {
    const before = structuredClone(graph);
    const pasted = pasteFragment(copyFragment(graph, new Set(['menu', 'sales', 'help']))!, PASTE_OFFSET);
    expect(graph).toEqual(before);
    const oldIds = new Set(graph.nodes.map((n) => n.id));
    expect(pasted.nodes.every((n) => !oldIds.has(n.id))).toBe(true);
    const menu = pasted.nodes.find((n) => n.type === 'menu')!;
    expect(menu.position).toEqual({ x: 40, y: 240 });
    expect(menu.data).toEqual(graph.nodes[2]!.data);
    expect(pasted.edges.map((e) => [pasted.nodes.find((n) => n.id === e.source)!.type, e.sourceHandle, (pasted.nodes.find((n) => n.id === e.target)!.data as { text: string }).text])).toEqual([
      ['menu', 'option:o1', 'Vendas'],
      ['menu', 'option:o2', 'Suporte'],
    ]);
    expect(new Set(pasted.edges.map((e) => e.id)).size).toBe(2);
    expect(pasted.edges.some((e) => graph.edges.some((old) => old.id === e.id))).toBe(false);
  });

  it('each paste of one copy lands a step further, and the merged flow stays valid when wired', () => {
    rememberCopy(copyFragment(graph, new Set(['sales']))!);
    const first = nextPaste()!;
    const second = nextPaste()!;
    expect(first.nodes[0]!.position).toEqual({ x: -110, y: 340 });
    expect(second.nodes[0]!.position).toEqual({ x: -70, y: 380 });
    expect(first.nodes[0]!.id).not.toBe(second.nodes[0]!.id);
    const merged: FlowGraph = {
      nodes: [...graph.nodes, ...first.nodes],
      edges: [...graph.edges.filter((e) => e.id !== 'e4'), { id: 'x1', source: 'menu', sourceHandle: 'option:o2', target: first.nodes[0]!.id }, { id: 'x2', source: first.nodes[0]!.id, sourceHandle: 'next', target: 'end' }],
    };
    const withoutHelp = { ...merged, nodes: merged.nodes.filter((n) => n.id !== 'help'), edges: merged.edges.filter((e) => e.source !== 'help') };
    expect(flowProblems(withoutHelp)).toEqual([]);
  });
});

describe("the flow editor's auto-layout", () => {
  it('puts each block below the ones that lead to it, side by side within a rank, none overlapping', async () => {
    const sizes = new Map(graph.nodes.map((n) => [n.id, { width: 200, height: 80 }]));
    const scrambled: FlowGraph = { ...graph, nodes: graph.nodes.map((n, i) => ({ ...n, position: at((i * 37) % 5, (i * 53) % 7) })) };
    const arranged = await arrangeGraph(scrambled, sizes);
    const y = (id: string) => arranged.nodes.find((n) => n.id === id)!.position.y;
    const x = (id: string) => arranged.nodes.find((n) => n.id === id)!.position.x;
    for (const edge of graph.edges) expect(y(edge.target), `${edge.source} → ${edge.target}`).toBeGreaterThan(y(edge.source));
    expect(y('sales')).toBe(y('help'));
    expect(Math.abs(x('sales') - x('help'))).toBeGreaterThanOrEqual(200);
    for (const a of arranged.nodes)
      for (const b of arranged.nodes)
        if (a.id < b.id) expect(Math.abs(a.position.x - b.position.x) >= 200 || Math.abs(a.position.y - b.position.y) >= 80, `${a.id} / ${b.id}`).toBe(true);
    expect(arranged.edges).toBe(scrambled.edges);
  });
});
