import { Handle, Position, type NodeProps } from '@xyflow/react';
import { nodeOutputs } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register';
import { useEditorMarks } from './editor-context';
import type { CanvasNode } from './graph';

function summary(node: CanvasNode['data']['node']): string {
  switch (node.type) {
    case 'message':
    case 'question':
      return node.data.text ?? '';
    case 'menu':
      return [node.data.text ?? '', ...node.data.options.map((o, i) => `${i + 1} - ${o.label}`)].join('\n');
    case 'wait':
      return node.data.minutes ? `${node.data.minutes} min` : '';
    case 'http':
      return `${node.data.method ?? 'GET'} ${node.data.url ?? ''}`;
    default:
      return '';
  }
}

/** A block on the canvas: its type, a summary, its counters, its outputs (one handle each) and its problems. */
export function FlowNodeView({ id, data, selected }: NodeProps<CanvasNode>) {
  const { t } = useTranslation(NS);
  const { counters, problems } = useEditorMarks();
  const node = data.node;
  const outputs = nodeOutputs(node);
  const mine = problems[id] ?? [];
  const counter = counters[id];
  const outputLabel = (handle: string) => {
    if (handle.startsWith('option:')) {
      const index = node.type === 'menu' ? node.data.options.findIndex((o) => `option:${o.id}` === handle) : -1;
      return `${index + 1}`;
    }
    return t(`outputs.${handle}`);
  };
  return (
    <div className={`fb-node${selected ? ' fb-node-selected' : ''}${mine.length ? ' fb-node-invalid' : ''}`} data-testid="fb-node" data-node-id={id} data-node-type={node.type}>
      {node.type !== 'start' && <Handle type="target" position={Position.Top} />}
      <div className="fb-node-title">{t(`nodes.${node.type}`)}</div>
      {summary(node) && <div className="fb-node-summary">{summary(node)}</div>}
      {mine.length > 0 && (
        <ul className="fb-node-problems" data-testid="fb-node-problems">
          {mine.map((p, i) => (
            <li key={i}>{t(p.code, { ns: 'translation' })}{p.detail && !p.detail.startsWith('option:') ? ` (${p.detail})` : ''}</li>
          ))}
        </ul>
      )}
      {counter && (
        <div className="fb-node-counters" data-testid="fb-node-counters">
          {t('editor.counters', { entered: counter.entered, completed: counter.completed, dropped: counter.dropped, errors: counter.errors })}
        </div>
      )}
      <div className="fb-node-outputs">
        {outputs.map((handle, i) => (
          <div key={handle} className="fb-node-output" style={{ left: `${((i + 1) / (outputs.length + 1)) * 100}%` }}>
            <span>{outputLabel(handle)}</span>
            <Handle type="source" id={handle} position={Position.Bottom} data-testid={`fb-handle-${handle}`} />
          </div>
        ))}
      </div>
    </div>
  );
}
