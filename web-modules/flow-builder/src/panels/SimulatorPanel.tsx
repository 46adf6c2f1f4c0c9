import { useState } from 'react';
import { Button, Checkbox, InputGroup } from '@blueprintjs/core';
import type { FlowGraph, FlowSimState, FlowSimStep, FlowSimulateInput, FlowSimulation, FlowSummary } from '@guiche/contracts';
import { toastError, useTranslation } from '@guiche/web-sdk';
import { simulateFlow } from '../api';
import { NS } from '../i18n/register';

type Line = { who: 'bot' | 'me' | 'note'; text: string };

/**
 * The simulator: the draft on the canvas walked as a customer would, through the server's dry
 * run (POST /flowbuilder/:id/simulate): nothing is sent, stored or called. Waits can be jumped.
 */
export function SimulatorPanel({ flowId, graph, flows, onClose }: { flowId: number; graph: FlowGraph; flows: FlowSummary[]; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [lines, setLines] = useState<Line[]>([]);
  const [state, setState] = useState<FlowSimState | null>(null);
  const [answer, setAnswer] = useState('');
  const [withinHours, setWithinHours] = useState(true);
  const [busy, setBusy] = useState(false);

  const describe = (s: FlowSimStep): Line => {
    switch (s.kind) {
      case 'message':
        return { who: 'bot', text: [s.typingSeconds ? t('simulator.typing', { count: s.typingSeconds }) : '', s.media ? `[${t(`simulator.media.${s.media.type}`)}] ${s.media.fileName ?? s.media.url}` : '', s.body].filter(Boolean).join('\n') };
      case 'wait':
        return { who: 'note', text: t('simulator.waits', { count: s.minutes }) };
      case 'http':
        return { who: 'note', text: t('simulator.http', { method: s.method, url: s.url }) };
      case 'tag':
        return { who: 'note', text: t(s.on ? 'simulator.tagOn' : 'simulator.tagOff', { id: s.tagId }) };
      case 'flow':
        return { who: 'note', text: t('simulator.goToFlow', { name: flows.find((f) => f.id === s.flowId)?.name ?? `#${s.flowId}` }) };
    }
  };
  const outcomeLine = (r: FlowSimulation): Line | null => {
    // A go-to-flow ends this flow's simulation: its step's note says so (the other flow is not walked here).
    if (r.outcome === 'continue' || r.outcome === 'flow') return null;
    if (r.outcome === 'transfer') return { who: 'note', text: t('simulator.transfer', { queue: r.transfer?.queueId ?? '-', user: r.transfer?.userId ?? '-' }) };
    return { who: 'note', text: t(`simulator.outcomes.${r.outcome}`) };
  };

  const send = async (event: FlowSimulateInput['event'], mine?: string, fresh = false) => {
    setBusy(true);
    try {
      const result = await simulateFlow(flowId, { graph, state: fresh ? undefined : (state ?? undefined), event, facts: { withinHours } });
      const added = [...(mine ? [{ who: 'me' as const, text: mine }] : []), ...result.steps.map(describe)];
      const end = outcomeLine(result);
      setLines((ls) => [...(fresh ? [] : ls), ...added, ...(end ? [end] : [])]);
      const over = result.outcome !== 'continue';
      setState(over ? null : result.state);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  // A wait, or a question or menu with a timeout: its clock can be jumped.
  const at = state?.status === 'waiting' ? graph.nodes.find((n) => n.id === state.nodeId) : undefined;
  const waitingClock = Boolean(at && (at.type === 'wait' || ((at.type === 'menu' || at.type === 'question') && at.data.timeoutMinutes)));
  const reply = () => {
    const text = answer.trim();
    if (!text || !state) return;
    setAnswer('');
    void send({ kind: 'message', body: text }, text);
  };

  return (
    <div className="fb-sim" data-testid="fb-simulator">
      <div className="fb-trigger-row">
        <h4 style={{ margin: 0, flex: 1 }}>{t('simulator.title')}</h4>
        <Button icon="cross" variant="minimal" aria-label={t('simulator.close')} title={t('simulator.close')} onClick={onClose} />
      </div>
      <p className="fb-hint">{t('simulator.hint')}</p>
      <Checkbox checked={withinHours} label={t('simulator.withinHours')} onChange={(e) => setWithinHours(e.currentTarget.checked)} />
      <Button icon="play" intent="primary" text={state ? t('simulator.restart') : t('simulator.start')} loading={busy} onClick={() => void send({ kind: 'start' }, undefined, true)} data-testid="fb-sim-start" />
      <div className="fb-sim-log" data-testid="fb-sim-log" aria-live="polite">
        {lines.map((l, i) => (
          <div key={i} className={`fb-sim-${l.who}`} data-testid={`fb-sim-${l.who}`}>
            {l.text}
          </div>
        ))}
      </div>
      {state && (
        <>
          <InputGroup
            aria-label={t('simulator.answer')}
            placeholder={t('simulator.answer')}
            value={answer}
            maxLength={4000}
            onValueChange={setAnswer}
            onKeyDown={(e) => e.key === 'Enter' && reply()}
            rightElement={<Button icon="send-message" variant="minimal" aria-label={t('simulator.send')} disabled={busy || !answer.trim()} onClick={reply} data-testid="fb-sim-send" />}
            data-testid="fb-sim-answer"
          />
          {waitingClock && <Button icon="fast-forward" text={t('simulator.skipWait')} disabled={busy} onClick={() => void send({ kind: 'timer' })} data-testid="fb-sim-skip" />}
        </>
      )}
    </div>
  );
}
