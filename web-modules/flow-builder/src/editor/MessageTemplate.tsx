import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CLOUD_CHANNEL } from '@guiche/contracts';
import { CloudTemplateFields, cloudTemplateKey, parseCloudTemplateKey, useTranslation } from '@guiche/web-sdk';
import { fetchConnections } from '../api';
import { NS } from '../i18n/register';

interface Template {
  name: string;
  language: string;
  variables: string[];
}

interface Props {
  value: Template | undefined;
  readOnly: boolean;
  onChange(template: Template | undefined): void;
}

/**
 * A message node's WhatsApp Cloud API template (issue 29): said instead of the text when the
 * contact's 24-hour window is closed. The node keeps name and language (looked up on the ticket's
 * connection when it runs); the templates offered are those of a Cloud API connection chosen here.
 * Shown only when the company has a Cloud API connection.
 */
export function MessageTemplate({ value, readOnly, onChange }: Props) {
  const { t } = useTranslation(NS);
  const connections = useQuery({ queryKey: ['flowBuilder', 'connections'], queryFn: fetchConnections });
  const cloud = (connections.data ?? []).filter((c) => c.channel === CLOUD_CHANNEL);
  const [chosen, setChosen] = useState<number | null>(null);
  const connectionId = chosen ?? cloud[0]?.id;
  if (!connectionId) return null;
  return (
    <div data-testid="fb-template">
      {cloud.length > 1 && (
        <FormGroup label={t('fields.templateConnection')} labelFor="fb-template-connection">
          <HTMLSelect id="fb-template-connection" fill value={connectionId} onChange={(e) => setChosen(Number(e.currentTarget.value))} options={cloud.map((c) => ({ value: c.id, label: c.name }))} />
        </FormGroup>
      )}
      <CloudTemplateFields
        idPrefix="fb-template-fields"
        connectionId={connectionId}
        explain={t('fields.templateExplain')}
        noneLabel={t('fields.templateNone')}
        templateKey={value ? cloudTemplateKey(value) : ''}
        values={value?.variables ?? []}
        disabled={readOnly}
        onChange={(key, values) => {
          onChange(key ? { ...parseCloudTemplateKey(key), variables: values } : undefined);
        }}
      />
    </div>
  );
}
