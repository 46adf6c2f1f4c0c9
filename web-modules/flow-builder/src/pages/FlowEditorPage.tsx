import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { addEdge, Background, Controls, MiniMap, ReactFlow, ReactFlowProvider, applyEdgeChanges, applyNodeChanges, useReactFlow, type Connection, type Edge, type EdgeChange, type NodeChange } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Button, ButtonGroup, Callout, HTMLSelect, Tag } from '@blueprintjs/core';
import { flowProblems, type FlowGraph, type FlowNodeType, type FlowProblem } from '@guiche/contracts';
import { ErrorCard, LoadingState, errorBodyOf, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { fetchCounters, fetchFlow, fetchFlows, fetchQueues, fetchVersion, fetchVersions, publishFlow, saveFlow } from '../api';
import { flowKeys } from '../hooks';
import { NS } from '../i18n/register';
import { EditorMarksContext } from '../editor/editor-context';
import { FlowNodeView } from '../editor/FlowNodeView';
import { fromCanvas, newEdgeId, newNode, PALETTE, toCanvas, type CanvasNode } from '../editor/graph';
import { useHistory } from '../editor/history';
import { arrangeGraph } from '../editor/arrange';
import { copyFragment, nextPaste, rememberCopy } from '../editor/clipboard';
import { NodePanel } from '../editor/NodePanel';
import { SimulatorPanel } from '../panels/SimulatorPanel';
import { TriggersDialog } from '../panels/TriggersDialog';
import '../flow-builder.css';

const nodeTypes = { flow: FlowNodeView };

/** /flowbuilder/:flowId: the canvas of a flow's draft, its versions, counters and publishing. */
export default function FlowEditorPage() {
  const { flowId } = useParams();
  const id = Number(flowId);
  const { t } = useTranslation(NS);
  const flow = useQuery({ queryKey: flowKeys.flow(id), queryFn: () => fetchFlow(id), enabled: Number.isInteger(id) && id > 0 });
  if (flow.status === 'pending') return <LoadingState label={t('editor.loading')} />;
  if (flow.status === 'error') return <ErrorCard message={t('editor.error')} onRetry={() => void flow.refetch()} />;
  return (
    <ReactFlowProvider>
      <Editor key={flow.data.id} id={flow.data.id} name={flow.data.name} initial={flow.data.graph} liveVersion={flow.data.liveVersion} webhookToken={flow.data.webhookToken} webhookSigned={flow.data.webhookSigned} />
    </ReactFlowProvider>
  );
}

function Editor({ id, name, initial, liveVersion, webhookToken, webhookSigned }: { id: number; name: string; initial: FlowGraph; liveVersion: number | null; webhookToken: string; webhookSigned: boolean }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canvas = useReactFlow();
  const [nodes, setNodes] = useState<CanvasNode[]>(() => toCanvas(initial).nodes);
  const [edges, setEdges] = useState<Edge[]>(() => toCanvas(initial).edges);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverProblems, setServerProblems] = useState<FlowProblem[] | null>(null);
  const [viewing, setViewing] = useState<{ number: number; graph: FlowGraph } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [triggersOpen, setTriggersOpen] = useState(false);
  const [simulating, setSimulating] = useState(false);

  const graph = useMemo(() => fromCanvas(nodes, edges), [nodes, edges]);
  const apply = useCallback((g: FlowGraph) => {
    const c = toCanvas(g);
    setNodes(c.nodes);
    setEdges(c.edges);
    setDirty(true);
  }, []);
  const history = useHistory(apply);
  const problems = useMemo(() => serverProblems ?? flowProblems(graph), [graph, serverProblems]);
  useEffect(() => setServerProblems(null), [graph]);

  const queues = useQuery({ queryKey: ['flowBuilder', 'queues'], queryFn: fetchQueues });
  const flows = useQuery({ queryKey: ['flowBuilder', 'targets'], queryFn: () => fetchFlows('') });
  const versions = useQuery({ queryKey: ['flowBuilder', 'versions', id], queryFn: () => fetchVersions(id) });
  const counters = useQuery({ queryKey: ['flowBuilder', 'counters', id], queryFn: () => fetchCounters(id), refetchInterval: 5000 });

  const marks = useMemo(() => {
    const byNode: Record<string, FlowProblem[]> = {};
    for (const p of problems) if (p.nodeId) (byNode[p.nodeId] ??= []).push(p);
    return { problems: viewing ? {} : byNode, counters: Object.fromEntries((counters.data ?? []).map((c) => [c.nodeId, c])) };
  }, [problems, counters.data, viewing]);

  const shown = useMemo(() => (viewing ? toCanvas(viewing.graph) : { nodes, edges }), [viewing, nodes, edges]);
  const readOnly = viewing !== null;

  const onNodesChange = useCallback(
    (changes: NodeChange<CanvasNode>[]) => {
      if (readOnly) return;
      const meaningful = changes.some((c) => c.type === 'remove' || (c.type === 'position' && c.dragging === false));
      if (meaningful) history.record(graph);
      if (changes.some((c) => c.type !== 'select' && c.type !== 'dimensions')) setDirty(true);
      setNodes((ns) => applyNodeChanges(changes, ns));
    },
    [graph, history, readOnly],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      if (readOnly) return;
      if (changes.some((c) => c.type === 'remove')) {
        history.record(graph);
        setDirty(true);
      }
      setEdges((es) => applyEdgeChanges(changes, es));
    },
    [graph, history, readOnly],
  );
  const onConnect = useCallback(
    (connection: Connection) => {
      history.record(graph);
      setDirty(true);
      // One edge per output: a new connection from an output replaces the old one.
      setEdges((es) => addEdge({ ...connection, id: newEdgeId() }, es.filter((e) => !(e.source === connection.source && e.sourceHandle === connection.sourceHandle))));
    },
    [graph, history],
  );
  const add = (type: FlowNodeType) => {
    history.record(graph);
    // Below the lowest block, so a new block never hides another.
    const lowest = nodes.reduce<CanvasNode | null>((low, n) => (!low || n.position.y > low.position.y ? n : low), null);
    const at = lowest ? { x: lowest.position.x, y: lowest.position.y + (lowest.measured?.height ?? 80) + 60 } : canvas.screenToFlowPosition({ x: window.innerWidth / 2, y: window.innerHeight / 2 });
    const node = newNode(type, at);
    setNodes((ns) => [...ns.map((n) => ({ ...n, selected: false })), { ...toCanvas({ nodes: [node], edges: [] }).nodes[0]!, selected: true }]);
    setSelected(node.id);
    setDirty(true);
  };
  const editData = (nodeId: string, data: Record<string, unknown>) => {
    history.record(graph);
    setNodes((ns) => ns.map((n) => (n.id === nodeId ? { ...n, data: { node: { ...n.data.node, data } as CanvasNode['data']['node'] } } : n)));
    setDirty(true);
  };
  const removeNode = (nodeId: string) => {
    history.record(graph);
    setNodes((ns) => ns.filter((n) => n.id !== nodeId));
    setEdges((es) => es.filter((e) => e.source !== nodeId && e.target !== nodeId));
    setSelected(null);
    setDirty(true);
  };

  const selectedIds = useMemo(() => new Set(nodes.filter((n) => n.selected).map((n) => n.id)), [nodes]);
  const copySelection = () => {
    const fragment = copyFragment(graph, selectedIds);
    if (fragment) rememberCopy(fragment);
    return fragment !== null;
  };
  const paste = () => {
    const fragment = nextPaste();
    if (!fragment) return;
    history.record(graph);
    const pasted = toCanvas(fragment);
    // The copy comes selected, so it can be dragged away or copied again at once.
    setNodes((ns) => [...ns.map((n) => ({ ...n, selected: false })), ...pasted.nodes.map((n) => ({ ...n, selected: true }))]);
    setEdges((es) => [...es, ...pasted.edges]);
    setDirty(true);
  };
  const duplicate = () => {
    if (copySelection()) paste();
  };
  const [arranging, setArranging] = useState(false);
  const arrange = async () => {
    setArranging(true);
    try {
      const sizes = new Map(nodes.flatMap((n) => (n.measured?.width && n.measured.height ? [[n.id, { width: n.measured.width, height: n.measured.height }] as const] : [])));
      const arranged = await arrangeGraph(graph, sizes);
      history.record(graph);
      apply(arranged);
      window.requestAnimationFrame(() => void canvas.fitView({ duration: 200 }));
    } catch (err) {
      toastError(err);
    } finally {
      setArranging(false);
    }
  };
  const canCopy = [...selectedIds].some((nodeId) => nodes.find((n) => n.id === nodeId)?.data.node.type !== 'start');

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || readOnly) return;
      const target = e.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        history.undo(graph);
      } else if (key === 'y' || (key === 'z' && e.shiftKey)) {
        e.preventDefault();
        history.redo(graph);
      } else if (key === 'c') {
        // Text selected on the page is the browser's to copy.
        if (window.getSelection()?.toString()) return;
        if (copySelection()) e.preventDefault();
      } else if (key === 'v') {
        e.preventDefault();
        paste();
      } else if (key === 'd') {
        e.preventDefault();
        duplicate();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const save = async () => {
    setSaving(true);
    try {
      await saveFlow(id, { graph });
      setDirty(false);
      toastSuccess(t('editor.saved'));
      return true;
    } catch (err) {
      toastError(err);
      return false;
    } finally {
      setSaving(false);
    }
  };
  const publish = async () => {
    if (dirty && !(await save())) return;
    try {
      const version = await publishFlow(id);
      toastSuccess(t('editor.published', { number: version.number }));
      await Promise.all([queryClient.invalidateQueries({ queryKey: flowKeys.flow(id) }), versions.refetch(), counters.refetch()]);
    } catch (err) {
      const body = errorBodyOf(err) as { problems?: FlowProblem[] } | undefined;
      if (body?.problems) setServerProblems(body.problems);
      toastError(err);
    }
  };
  const view = async (versionId: string) => {
    if (!versionId) return setViewing(null);
    const v = await fetchVersion(id, Number(versionId));
    setViewing({ number: v.number, graph: v.graph });
  };

  const selectedNode = !readOnly && selected ? nodes.find((n) => n.id === selected)?.data.node : undefined;
  return (
    <EditorMarksContext.Provider value={marks}>
      <div className="fb-editor" data-testid="flow-editor">
        <div className="fb-toolbar">
          <Button icon="arrow-left" variant="minimal" aria-label={t('editor.back')} title={t('editor.back')} onClick={() => navigate('/flowbuilder')} />
          <h3 className="fb-title">{name}</h3>
          <Tag minimal intent={liveVersion ? 'success' : 'none'} data-testid="fb-live">
            {liveVersion ? t('editor.live', { number: liveVersion }) : t('editor.notLive')}
          </Tag>
          {dirty && <Tag minimal intent="warning">{t('editor.unsaved')}</Tag>}
          <span className="fb-spacer" />
          <HTMLSelect aria-label={t('editor.versions')} value={viewing ? String(versions.data?.find((v) => v.number === viewing.number)?.id ?? '') : ''} onChange={(e) => void view(e.target.value).catch(toastError)} data-testid="fb-versions">
            <option value="">{versions.data?.length ? t('editor.versions') : t('editor.noVersions')}</option>
            {(versions.data ?? []).map((v) => (
              <option key={v.id} value={v.id}>
                {t('editor.version', { number: v.number })}
              </option>
            ))}
          </HTMLSelect>
          <ButtonGroup>
            <Button icon="undo" aria-label={t('editor.undo')} title={t('editor.undo')} disabled={readOnly || !history.canUndo} onClick={() => history.undo(graph)} data-testid="fb-undo" />
            <Button icon="redo" aria-label={t('editor.redo')} title={t('editor.redo')} disabled={readOnly || !history.canRedo} onClick={() => history.redo(graph)} data-testid="fb-redo" />
            <Button icon="duplicate" aria-label={t('editor.duplicate')} title={t('editor.duplicateHint')} disabled={readOnly || !canCopy} onClick={duplicate} data-testid="fb-duplicate" />
            <Button icon="layout" aria-label={t('editor.arrange')} title={t('editor.arrange')} disabled={readOnly || nodes.length < 2} loading={arranging} onClick={() => void arrange()} data-testid="fb-arrange" />
          </ButtonGroup>
          <Button icon="flash" text={t('triggers.open')} onClick={() => setTriggersOpen(true)} data-testid="fb-triggers-open" />
          <Button icon="chat" text={t('simulator.open')} active={simulating} onClick={() => setSimulating((s) => !s)} data-testid="fb-simulate" />
          <Button icon="floppy-disk" text={t('editor.save')} disabled={readOnly || !dirty} loading={saving} onClick={() => void save()} data-testid="fb-save" />
          <Button
            icon="send-to-graph"
            intent="primary"
            text={t('editor.publish')}
            disabled={readOnly || problems.length > 0}
            title={problems.length ? t('editor.publishBlocked') : undefined}
            onClick={() => void publish()}
            data-testid="fb-publish"
          />
        </div>
        {viewing && (
          <Callout intent="primary" className="fb-viewing">
            {t('editor.viewing', { number: viewing.number })} <Button variant="minimal" text={t('editor.backToDraft')} onClick={() => setViewing(null)} />
          </Callout>
        )}
        <div className="fb-body">
          <div className="fb-palette" aria-label={t('editor.palette')}>
            <h4>{t('editor.palette')}</h4>
            {PALETTE.map((type) => (
              <Button key={type} fill alignText="start" variant="minimal" text={t(`nodes.${type}`)} disabled={readOnly} onClick={() => add(type)} data-testid={`fb-add-${type}`} />
            ))}
          </div>
          <div className="fb-canvas">
            <ReactFlow
              nodes={shown.nodes}
              edges={shown.edges}
              nodeTypes={nodeTypes}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={readOnly ? undefined : onConnect}
              onSelectionChange={({ nodes: picked }) => setSelected(picked[0]?.id ?? null)}
              nodesDraggable={!readOnly}
              nodesConnectable={!readOnly}
              deleteKeyCode={readOnly ? null : ['Delete', 'Backspace']}
              fitView
            >
              <Background />
              <Controls />
              <MiniMap pannable zoomable />
            </ReactFlow>
          </div>
          <div className="fb-side">
            <div className={`fb-status${problems.length ? ' fb-status-invalid' : ''}`} data-testid="fb-problems">
              {readOnly ? null : problems.length ? t('editor.problems', { count: problems.length }) : t('editor.noProblems')}
            </div>
            {simulating ? (
              <SimulatorPanel flowId={id} graph={viewing ? viewing.graph : graph} flows={flows.data?.items ?? []} onClose={() => setSimulating(false)} />
            ) : selectedNode ? (
              <NodePanel key={selectedNode.id} flowId={id} node={selectedNode} queues={queues.data ?? []} flows={(flows.data?.items ?? []).filter((f) => f.id !== id)} readOnly={readOnly} onChange={(data) => editData(selectedNode.id, data)} onDelete={() => removeNode(selectedNode.id)} />
            ) : (
              <p className="fb-hint">{t('editor.selectHint')}</p>
            )}
          </div>
        </div>
      </div>
      <TriggersDialog flowId={id} webhookToken={webhookToken} webhookSigned={webhookSigned} isOpen={triggersOpen} onClose={() => setTriggersOpen(false)} />
    </EditorMarksContext.Provider>
  );
}
