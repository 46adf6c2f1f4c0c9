import { useEffect, useMemo, useState } from 'react';
import { Button, Callout, Classes, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Dialog, ErrorCard, LoadingState, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { conversationKeys, fetchTemplates, sendTemplate } from '../api.js';
import { fillTemplate, type MessageTemplate } from '../lib/window.js';
import { NS } from '../i18n/register.js';

interface Props {
  isOpen: boolean;
  ticketId: number;
  connectionId: number;
  onClose(): void;
}

const keyOf = (template: MessageTemplate) => `${template.name}|${template.language}`;

/** WhatsApp Cloud: pick an approved template, fill its {{n}} variables, see the text and send it. */
export function TemplateDialog({ isOpen, ticketId, connectionId, onClose }: Props) {
  const { t } = useTranslation(NS);
  const templates = useQuery({ queryKey: conversationKeys.templates(connectionId), queryFn: () => fetchTemplates(connectionId), enabled: isOpen, retry: false });
  const [chosen, setChosen] = useState('');
  const [values, setValues] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const list = useMemo(() => templates.data ?? [], [templates.data]);
  const template = list.find((x) => keyOf(x) === chosen) ?? null;

  useEffect(() => {
    if (!isOpen) return;
    setChosen((current) => (list.some((x) => keyOf(x) === current) ? current : list[0] ? keyOf(list[0]) : ''));
  }, [isOpen, list]);
  useEffect(() => setValues(Array.from({ length: template?.variables ?? 0 }, () => '')), [template]);

  const missing = values.some((v) => !v.trim());
  const send = async () => {
    if (!template || missing) return;
    setSending(true);
    try {
      await sendTemplate(ticketId, { name: template.name, language: template.language, parameters: values.map((v) => v.trim()) });
      toastSuccess(t('template.sent'));
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('template.title')} icon="document">
      <div data-testid="template-dialog">
        <DialogBody>
          {templates.isLoading ? (
            <LoadingState />
          ) : templates.isError ? (
            <ErrorCard error={templates.error} onRetry={() => void templates.refetch()} />
          ) : !list.length ? (
            <Callout data-testid="template-none">{t('template.none')}</Callout>
          ) : (
            <>
              <FormGroup label={t('template.choose')} labelFor="cv-template">
                <HTMLSelect id="cv-template" fill value={chosen} onChange={(e) => setChosen(e.currentTarget.value)} data-testid="template-select">
                  {list.map((x) => (
                    <option key={keyOf(x)} value={keyOf(x)}>
                      {x.name} ({x.language})
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
              {values.map((value, i) => (
                <FormGroup key={i} label={t('template.variable', { n: i + 1 })} labelFor={`cv-template-var-${i + 1}`}>
                  <InputGroup
                    id={`cv-template-var-${i + 1}`}
                    value={value}
                    maxLength={1024}
                    onValueChange={(next) => setValues((all) => all.map((v, j) => (j === i ? next : v)))}
                    data-testid={`template-var-${i + 1}`}
                  />
                </FormGroup>
              ))}
              {template && (
                <FormGroup label={t('template.preview')}>
                  <div className={`cv-template-preview ${Classes.TEXT_MUTED}`} data-testid="template-preview">
                    {template.header && <strong>{template.header}</strong>}
                    <p>{fillTemplate(template.body, values)}</p>
                    {template.footer && <small>{template.footer}</small>}
                  </div>
                </FormGroup>
              )}
            </>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('actions.cancel')} onClick={onClose} />
              <Button intent="primary" icon="send-message" text={t('actions.send')} loading={sending} disabled={!template || missing} onClick={() => void send()} data-testid="template-send" />
            </>
          }
        />
      </div>
    </Dialog>
  );
}
