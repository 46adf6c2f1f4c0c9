import { FLOW_MEDIA_FOLDER, FLOW_MEDIA_MAX_BYTES, flowMediaAccepted, FlowV, type FlowGraph, type FlowProblem } from '@guiche/contracts';
import { AppError, storeSingleUpload, type PluginContext, type SendRequest } from '@guiche/core';
import type { FastifyRequest } from 'fastify';

/**
 * Files uploaded for message nodes (`mediaFile`): stored once under the company's
 * `flow-builder/uploads` folder, named in the node's data, checked to be the company's own on
 * every save, present at publish, and copied into a message of their own at run time (an erased
 * message takes its copy, never the node's file).
 */
type Storage = PluginContext['storage'];
export interface MediaFile {
  path: string | null;
  mimetype: string;
  fileName: string;
}

const ownPrefix = (companyId: number) => `company${companyId}/${FLOW_MEDIA_FOLDER}/`;
export const ownsMedia = (companyId: number, path: string) => path.startsWith(ownPrefix(companyId)) && !path.slice(ownPrefix(companyId).length).includes('/');

/** POST /flowbuilder/:id/media: one file (any image, audio, video; office documents, PDF, text) of at most 16 MB. */
export async function uploadMedia(storage: Storage, request: FastifyRequest, companyId: number): Promise<MediaFile & { path: string }> {
  const stored = await storeSingleUpload(storage, request, {
    companyId,
    folder: FLOW_MEDIA_FOLDER,
    maxBytes: FLOW_MEDIA_MAX_BYTES,
    accepts: (file) => flowMediaAccepted(file.mimetype),
    message: FlowV.mediaFile,
  });
  return { path: stored.path, mimetype: stored.type, fileName: stored.name.replace(/[\r\n\t]/g, ' ').slice(0, 255) };
}

const filesOf = (graph: FlowGraph) =>
  graph.nodes.flatMap((n, index) => (n.type === 'message' && n.data.mediaFile?.path ? [{ index, nodeId: n.id, path: n.data.mediaFile.path }] : []));

/** A saved draft naming a file outside this company's uploads: 400 on the node's field. */
export function refuseForeignMedia(companyId: number, graph: FlowGraph | undefined): void {
  const foreign = graph ? filesOf(graph).filter((f) => !ownsMedia(companyId, f.path)) : [];
  if (foreign.length)
    throw new AppError('ERR_VALIDATION', 400, { issues: foreign.map((f) => ({ path: ['graph', 'nodes', f.index, 'data', 'mediaFile', 'path'], message: FlowV.mediaFile })) });
}

/** An imported flow keeps the files of this company; another company's lose their path (publishing then asks for the file again). */
export function dropForeignMedia(companyId: number, graph: FlowGraph): FlowGraph {
  return {
    ...graph,
    nodes: graph.nodes.map((n) =>
      n.type === 'message' && n.data.mediaFile?.path && !ownsMedia(companyId, n.data.mediaFile.path) ? { ...n, data: { ...n.data, mediaFile: { ...n.data.mediaFile, path: null } } } : n,
    ),
  };
}

/** Nodes whose file is not (or no longer) in the storage: `flowRequired` on `mediaFile`. */
export async function missingMedia(storage: Pick<Storage, 'stat'>, companyId: number, graph: FlowGraph): Promise<FlowProblem[]> {
  const problems: FlowProblem[] = [];
  for (const f of filesOf(graph)) {
    const present = ownsMedia(companyId, f.path) && (await storage.stat(f.path).catch(() => null));
    if (!present) problems.push({ code: FlowV.required, nodeId: f.nodeId, detail: 'mediaFile' });
  }
  return problems;
}

/**
 * The node's file for one message: a copy in the company's `flow-builder` folder (the message's
 * own, as core copies a quick message's file). Undefined when it is gone or not the company's:
 * the text still goes.
 */
export async function storedMedia(deps: { storage: Storage; log?: PluginContext['log'] }, companyId: number, file: MediaFile): Promise<SendRequest['media']> {
  if (!file.path || !ownsMedia(companyId, file.path)) return undefined;
  try {
    const copy = await deps.storage.save(companyId, 'flow-builder', file.fileName, await deps.storage.stream(file.path));
    return { path: copy.path, mimetype: file.mimetype, fileName: file.fileName };
  } catch (err) {
    deps.log?.warn({ err, companyId, path: file.path }, 'flow media file not sent');
    return undefined;
  }
}
