import { z } from 'zod';
import { V } from './messages.js';
import { int, PG_INT_MAX, text } from './primitives.js';

/**
 * The visual flow builder (issue 34): a flow's graph as the canvas draws it and the server stores
 * it. A draft may be incomplete (the shape is checked on every save); publishing also needs
 * `flowProblems(graph)` to be empty, the same function the canvas shows its marks with.
 */

export const FlowV = {
  name: 'validation.flowName',
  nodeId: 'validation.flowNodeId',
  duplicateNode: 'validation.flowDuplicateNode',
  noStart: 'validation.flowNoStart',
  manyStarts: 'validation.flowManyStarts',
  unconnected: 'validation.flowUnconnected',
  danglingEdge: 'validation.flowDanglingEdge',
  doubleEdge: 'validation.flowDoubleEdge',
  required: 'validation.flowRequired',
  cycle: 'validation.flowCycle',
  importFormat: 'validation.flowImportFormat',
  phrase: 'validation.flowPhrase',
  connection: 'validation.flowConnection',
  number: 'validation.flowNumber',
  mediaFile: 'validation.flowMediaFile',
} as const;

export const FLOW_NODES_MAX = 300;
export const FLOW_EDGES_MAX = 900;
export const FLOW_EXPORT_FORMAT = 'guiche.flow';
/** A message node's uploaded file: at most this size (as media fetched from a URL). */
export const FLOW_MEDIA_MAX_BYTES = 16 * 1024 * 1024;
/** The storage folder (under the company's) of files uploaded for message nodes. */
export const FLOW_MEDIA_FOLDER = 'flow-builder/uploads';
/** The shape of a stored upload's key: `company<id>/flow-builder/uploads/<uuid><.ext>` (the company is checked by the server). */
export const FLOW_MEDIA_PATH = /^company([1-9][0-9]{0,9})\/flow-builder\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,16})?$/;
/** The message node's media type a file's MIME type gives. */
export const flowMediaTypeOf = (mimetype: string): 'image' | 'audio' | 'video' | 'document' => {
  const kind = mimetype.split('/')[0];
  return kind === 'image' || kind === 'audio' || kind === 'video' ? kind : 'document';
};
/** MIME types a message node's file may have: any image, audio or video, and documents (no HTML or scripts the browser would run). */
export const flowMediaAccepted = (mimetype: string): boolean =>
  /^(image|audio|video)\/[\w.+-]+$/i.test(mimetype) && !/svg/i.test(mimetype) ||
  /^application\/(pdf|zip|msword|vnd\.[\w.+-]+|x-zip-compressed|rtf)$/i.test(mimetype) ||
  /^text\/(plain|csv)$/i.test(mimetype);

const nodeId = text(64, { tooLong: FlowV.nodeId }).regex(/^[A-Za-z0-9_-]+$/, FlowV.nodeId);
const optionalText = (max: number) => text(max).optional();
const optionalId = int(1, PG_INT_MAX).optional().nullable();
const position = z.object({ x: z.number().min(-1e6).max(1e6), y: z.number().min(-1e6).max(1e6) });
const saveTarget = z.object({ kind: z.enum(['variable', 'contactField']), name: text(60, { trim: true }) });

const menuOption = z.object({ id: nodeId, label: text(200) });

export const FlowNodeTypes = ['start', 'message', 'menu', 'question', 'condition', 'wait', 'setTag', 'removeTag', 'setQueue', 'assign', 'ticket', 'http', 'goToFlow', 'end'] as const;
export type FlowNodeType = (typeof FlowNodeTypes)[number];

const node = <T extends FlowNodeType, D extends z.ZodRawShape>(type: T, data: D) =>
  z.object({ id: nodeId, type: z.literal(type), position: position.default({ x: 0, y: 0 }), data: z.object(data).default({} as never) });

export const flowNodeSchema = z.discriminatedUnion('type', [
  node('start', {}),
  node('message', {
    text: optionalText(4000),
    mediaUrl: optionalText(1000),
    mediaType: z.enum(['image', 'audio', 'video', 'document']).optional(),
    /**
     * A file uploaded for the node (POST /flowbuilder/:id/media), sent from the company's storage
     * (it wins over mediaUrl). `path` null: the file is missing (a flow imported from another
     * company drops it): publishing refuses the node until a file is uploaded again.
     */
    mediaFile: z
      .object({
        path: text(200).regex(FLOW_MEDIA_PATH, FlowV.mediaFile).nullable(),
        mimetype: text(120).regex(/^[\w.+-]+\/[\w.+-]+$/, FlowV.mediaFile),
        fileName: text(255, { trim: true }).min(1, FlowV.mediaFile),
      })
      .optional(),
    typingSeconds: int(0, 60).optional(),
    /**
     * WhatsApp Cloud API: the approved template said instead when the contact's 24-hour window is
     * closed (issue 29); its variables take the run's {{variables}}. Without one, the node errs there.
     */
    template: z.object({ name: text(512), language: text(20), variables: z.array(text(1024)).max(20).default([]) }).optional(),
  }),
  node('menu', {
    text: optionalText(4000),
    options: z.array(menuOption).max(20).default([]),
    invalidText: optionalText(1000),
    retries: int(0, 10).optional(),
    timeoutMinutes: int(0, 43200).optional(),
  }),
  node('question', { text: optionalText(4000), saveTo: saveTarget.optional(), timeoutMinutes: int(0, 43200).optional() }),
  node('condition', {
    subject: z.enum(['answer', 'variable', 'contactField', 'tag', 'channel', 'businessHours']).optional(),
    name: optionalText(60),
    operator: z.enum(['equals', 'contains', 'exists']).optional(),
    value: optionalText(500),
  }),
  node('wait', { minutes: int(1, 43200).optional() }),
  node('setTag', { tagId: optionalId }),
  node('removeTag', { tagId: optionalId }),
  node('setQueue', { queueId: optionalId }),
  node('assign', { userId: optionalId }),
  node('ticket', { action: z.enum(['open', 'close']).optional() }),
  node('http', {
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(),
    url: optionalText(1000),
    headers: z.array(z.object({ name: text(100), value: text(1000) })).max(20).default([]),
    body: optionalText(10000),
    responseMap: z.array(z.object({ path: text(200), variable: text(60) })).max(20).default([]),
    timeoutSeconds: int(1, 30).optional(),
  }),
  node('goToFlow', { flowId: optionalId }),
  node('end', {}),
]);
export type FlowNode = z.infer<typeof flowNodeSchema>;

export const flowEdgeSchema = z.object({ id: nodeId, source: nodeId, sourceHandle: text(80).default('next'), target: nodeId });
export type FlowEdge = z.infer<typeof flowEdgeSchema>;

export const flowGraphSchema = z.object({
  nodes: z.array(flowNodeSchema).max(FLOW_NODES_MAX, V.tooLong),
  edges: z.array(flowEdgeSchema).max(FLOW_EDGES_MAX, V.tooLong).default([]),
});
export type FlowGraph = z.infer<typeof flowGraphSchema>;

/** A new flow's graph: its start node alone. */
export const emptyFlowGraph = (): FlowGraph => ({ nodes: [{ id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} }], edges: [] });

const flowName = text(100, { trim: true, tooLong: V.tooLong }).min(1, FlowV.name);

export const flowCreateSchema = z.object({ name: flowName, graph: flowGraphSchema.optional() });
export const flowUpdateSchema = z.object({ name: flowName.optional(), graph: flowGraphSchema.optional() });
/** The copy's name (the editor sends its translated "copy of"); absent: the same name. */
export const flowDuplicateSchema = z.object({ name: flowName.optional() }).optional();
export type FlowCreateInput = z.infer<typeof flowCreateSchema>;
export type FlowUpdateInput = z.infer<typeof flowUpdateSchema>;

/** The JSON a flow is exported as and imported from. */
export const flowExportSchema = z.object({
  format: z.literal(FLOW_EXPORT_FORMAT, { error: FlowV.importFormat }),
  version: z.literal(1, { error: FlowV.importFormat }),
  name: flowName,
  graph: flowGraphSchema,
});
export type FlowExport = z.infer<typeof flowExportSchema>;

export const flowListQuerySchema = z.object({ q: text(100, { trim: true }).optional() });
export const flowParamsSchema = z.object({ id: int(1, PG_INT_MAX) });
export const flowVersionParamsSchema = z.object({ id: int(1, PG_INT_MAX), versionId: int(1, PG_INT_MAX) });

export interface FlowSummary {
  id: number;
  name: string;
  liveVersionId: number | null;
  liveVersion: number | null;
  updatedAt: string;
}
export interface Flow extends FlowSummary {
  graph: FlowGraph;
  /** The flow's inbound webhook token (signed start for a given number). */
  webhookToken: string;
  /**
   * Whether the webhook needs an X-Guiche-Signature (the flow has a secret). False only on flows
   * made before signing existed: their URL alone starts them until a secret is generated.
   */
  webhookSigned: boolean;
}
export interface FlowVersion {
  id: number;
  flowId: number;
  number: number;
  graph: FlowGraph;
  publishedAt: string;
  publishedBy: number | null;
}
export interface FlowNodeCounter {
  nodeId: string;
  entered: number;
  completed: number;
  dropped: number;
  errors: number;
}

/** A reason a flow may not be published, pointing at the node (or edge) it is about. */
export interface FlowProblem {
  code: (typeof FlowV)[keyof typeof FlowV];
  nodeId?: string;
  edgeId?: string;
  /** The output handle or the field the problem is about. */
  detail?: string;
}

/** The output handles of a node: each must lead somewhere before the flow may be published. */
export function nodeOutputs(n: FlowNode): string[] {
  switch (n.type) {
    case 'menu': {
      const outs = n.data.options.map((o) => `option:${o.id}`);
      outs.push('invalid');
      if (n.data.timeoutMinutes) outs.push('timeout');
      return outs;
    }
    case 'question':
      return n.data.timeoutMinutes ? ['next', 'timeout'] : ['next'];
    case 'condition':
      return ['true', 'false'];
    case 'http':
      return ['success', 'error'];
    case 'ticket':
      return n.data.action === 'close' ? [] : ['next'];
    case 'goToFlow':
    case 'end':
      return [];
    default:
      return ['next'];
  }
}

/** An HTTP header name (an RFC 9110 token): Node refuses any other before the request leaves. */
export const HTTP_HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A variable a response map fills, as `{{name}}` reads it back. */
export const FLOW_VARIABLE_NAME = /^[\w.-]+$/;

/** What is wrong with one row of an HTTP node's headers or response map (a translation key of the editor's `http` messages). */
export type HttpRowProblem = 'headerName' | 'headerDuplicate' | 'headerValue' | 'mapPath' | 'mapVariable' | 'mapDuplicate';

/**
 * The HTTP node's rows that would not work, by index: the side panel shows them under each row
 * and publishing refuses them (`flowRequired` with detail `headers` / `responseMap`).
 */
export function httpRowProblems(data: { headers?: { name: string; value: string }[]; responseMap?: { path: string; variable: string }[] }) {
  const headers = new Map<number, HttpRowProblem>();
  const responseMap = new Map<number, HttpRowProblem>();
  const names = new Set<string>();
  (data.headers ?? []).forEach((h, i) => {
    const name = h.name.trim().toLowerCase();
    if (!HTTP_HEADER_NAME.test(name)) headers.set(i, 'headerName');
    else if (names.has(name)) headers.set(i, 'headerDuplicate');
    else if (!h.value.trim() || /[\r\n]/.test(h.value)) headers.set(i, 'headerValue');
    names.add(name);
  });
  const variables = new Set<string>();
  (data.responseMap ?? []).forEach((m, i) => {
    const variable = m.variable.trim();
    if (!m.path.trim()) responseMap.set(i, 'mapPath');
    else if (!FLOW_VARIABLE_NAME.test(variable)) responseMap.set(i, 'mapVariable');
    else if (variables.has(variable)) responseMap.set(i, 'mapDuplicate');
    variables.add(variable);
  });
  return { headers, responseMap };
}

/** The fields of a node that must be filled in before publishing. */
function missingFields(n: FlowNode): string[] {
  const missing: string[] = [];
  const blank = (v: string | undefined) => !v || !v.trim();
  switch (n.type) {
    case 'message':
      if (blank(n.data.text) && blank(n.data.mediaUrl) && !n.data.mediaFile) missing.push('text');
      if (!n.data.mediaFile && !blank(n.data.mediaUrl) && !n.data.mediaType) missing.push('mediaType');
      if (n.data.mediaFile && !n.data.mediaFile.path) missing.push('mediaFile');
      break;
    case 'menu':
      if (blank(n.data.text)) missing.push('text');
      if (n.data.options.length === 0 || n.data.options.some((o) => blank(o.label))) missing.push('options');
      break;
    case 'question':
      if (blank(n.data.text)) missing.push('text');
      if (!n.data.saveTo || blank(n.data.saveTo.name)) missing.push('saveTo');
      break;
    case 'condition':
      if (!n.data.subject) missing.push('subject');
      if (n.data.subject && ['variable', 'contactField'].includes(n.data.subject) && blank(n.data.name)) missing.push('name');
      if (n.data.subject && n.data.subject !== 'businessHours' && n.data.operator !== 'exists' && blank(n.data.value)) missing.push('value');
      break;
    case 'wait':
      if (!n.data.minutes) missing.push('minutes');
      break;
    case 'setTag':
    case 'removeTag':
      if (!n.data.tagId) missing.push('tagId');
      break;
    case 'setQueue':
      if (!n.data.queueId) missing.push('queueId');
      break;
    case 'ticket':
      if (!n.data.action) missing.push('action');
      break;
    case 'http':
      if (!n.data.url || !/^https?:\/\//i.test(n.data.url.trim())) missing.push('url');
      {
        const rows = httpRowProblems(n.data);
        if (rows.headers.size) missing.push('headers');
        if (rows.responseMap.size) missing.push('responseMap');
      }
      break;
    case 'goToFlow':
      if (!n.data.flowId) missing.push('flowId');
      break;
  }
  return missing;
}

/** Nodes that stop and wait (for the customer or the clock): a loop through one of them is allowed. */
const PAUSING: ReadonlySet<FlowNodeType> = new Set(['menu', 'question', 'wait']);

function cycleWithoutPause(graph: FlowGraph): string | null {
  const pausing = new Set(graph.nodes.filter((n) => PAUSING.has(n.type)).map((n) => n.id));
  const next = new Map<string, string[]>();
  for (const e of graph.edges) if (!pausing.has(e.source)) next.set(e.source, [...(next.get(e.source) ?? []), e.target]);
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string): string | null => {
    if (pausing.has(id)) return null;
    if (state.get(id) === 'open') return id;
    if (state.get(id) === 'done') return null;
    state.set(id, 'open');
    for (const to of next.get(id) ?? []) {
      const found = visit(to);
      if (found) return found;
    }
    state.set(id, 'done');
    return null;
  };
  for (const n of graph.nodes) {
    const found = visit(n.id);
    if (found) return found;
  }
  return null;
}

/** Everything that keeps the graph from being published (empty: it may be published). */
export function flowProblems(graph: FlowGraph): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const ids = new Set<string>();
  for (const n of graph.nodes) {
    if (ids.has(n.id)) problems.push({ code: FlowV.duplicateNode, nodeId: n.id });
    ids.add(n.id);
  }
  const starts = graph.nodes.filter((n) => n.type === 'start');
  if (starts.length === 0) problems.push({ code: FlowV.noStart });
  for (const extra of starts.slice(1)) problems.push({ code: FlowV.manyStarts, nodeId: extra.id });
  const taken = new Set<string>();
  for (const e of graph.edges) {
    if (!ids.has(e.source) || !ids.has(e.target)) problems.push({ code: FlowV.danglingEdge, edgeId: e.id });
    const key = `${e.source}\u0000${e.sourceHandle}`;
    if (taken.has(key)) problems.push({ code: FlowV.doubleEdge, edgeId: e.id, nodeId: e.source, detail: e.sourceHandle });
    taken.add(key);
  }
  for (const n of graph.nodes) {
    for (const field of missingFields(n)) problems.push({ code: FlowV.required, nodeId: n.id, detail: field });
    for (const handle of nodeOutputs(n)) if (!taken.has(`${n.id}\u0000${handle}`)) problems.push({ code: FlowV.unconnected, nodeId: n.id, detail: handle });
  }
  const looping = cycleWithoutPause(graph);
  if (looping) problems.push({ code: FlowV.cycle, nodeId: looping });
  return problems;
}

/** What starts a flow: a connection's welcome flow (first contact), its default flow (a new conversation) or a keyword phrase. */
export const flowTriggerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('welcome'), connectionId: int(1, PG_INT_MAX).nullable().default(null) }),
  z.object({ kind: z.literal('default'), connectionId: int(1, PG_INT_MAX).nullable().default(null) }),
  z.object({
    kind: z.literal('keyword'),
    connectionId: int(1, PG_INT_MAX).nullable().default(null),
    phrase: text(200, { trim: true }).min(1, FlowV.phrase),
    match: z.enum(['exact', 'contains']).default('exact'),
  }),
]);
export type FlowTrigger = z.infer<typeof flowTriggerSchema>;
export const flowTriggersSchema = z.object({ triggers: z.array(flowTriggerSchema).max(50) });

/** An agent starts the flow on a ticket they see. */
export const flowStartSchema = z.object({ ticketId: int(1, PG_INT_MAX) });
/** The flow's inbound webhook: start it for this number on the connection (the company's default when absent). */
export const flowHookSchema = z.object({ number: text(30, { trim: true }).regex(/^\+?[\d\s().-]{8,30}$/, FlowV.number), connectionId: int(1, PG_INT_MAX).optional() });
export const flowHookParamsSchema = z.object({ token: text(64).regex(/^[A-Za-z0-9_-]{1,64}$/, FlowV.importFormat) });

const simVariable = z.object({ name: text(60), value: text(4000) });
/** A simulated run as the simulator panel keeps it between its calls (nothing is stored on the server). */
export const flowSimStateSchema = z.object({
  nodeId: nodeId,
  status: z.enum(['running', 'waiting', 'done', 'stopped', 'failed']),
  variables: z.array(simVariable).max(200).default([]),
  attempts: int(0, 100).default(0),
});
export type FlowSimState = z.infer<typeof flowSimStateSchema>;

/**
 * The simulator's dry run: one event (the start, a typed answer, the clock of the wait it stands
 * on) through the draft the editor shows (`graph`, else the stored draft), sending nothing,
 * storing nothing, calling no HTTP address. `facts` plays the contact: its channel, tags,
 * fields and whether it is within service hours.
 */
export const flowSimulateSchema = z.object({
  graph: flowGraphSchema.optional(),
  state: flowSimStateSchema.optional(),
  event: z.discriminatedUnion('kind', [z.object({ kind: z.literal('start') }), z.object({ kind: z.literal('message'), body: text(4000) }), z.object({ kind: z.literal('timer') })]),
  facts: z
    .object({
      channel: text(20).optional(),
      tagIds: z.array(int(1, PG_INT_MAX)).max(50).optional(),
      withinHours: z.boolean().optional(),
      contact: z.array(simVariable).max(50).optional(),
    })
    .optional(),
});
export type FlowSimulateInput = z.infer<typeof flowSimulateSchema>;

/** What the dry run did, in order: what the customer would see and what would happen to the ticket. */
export type FlowSimStep =
  | { kind: 'message'; nodeId: string; body: string; media?: { url: string; type: string; fileName?: string }; typingSeconds?: number }
  | { kind: 'wait'; nodeId: string; minutes: number }
  | { kind: 'http'; nodeId: string; method: string; url: string }
  | { kind: 'tag'; nodeId: string; tagId: number; on: boolean }
  | { kind: 'flow'; nodeId: string; flowId: number };

export interface FlowSimulation {
  state: FlowSimState;
  /**
   * continue: the flow waits; handover / transfer: a human takes it (to queueId / userId); close;
   * flow: a go-to-flow left this flow (its `flow` step names the other one): the simulation ends there.
   */
  outcome: 'continue' | 'handover' | 'close' | 'transfer' | 'flow';
  transfer: { queueId: number | null; userId: number | null } | null;
  steps: FlowSimStep[];
}
