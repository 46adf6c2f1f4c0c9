import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, FormGroup, H4, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register';
import { fetchApiConnections, fetchConnectionToken } from '../lib/tokens';

interface Props {
  token: string;
  curl: string;
  onToken(token: string): void;
}

/** The top of /messages-api: pick a connection, and its token fills the examples and the test forms. */
export function ConnectionPicker({ token, curl, onToken }: Props) {
  const { t } = useTranslation(NS);
  const connections = useQuery({ queryKey: ['messages-api-connections'], queryFn: fetchApiConnections });
  const [picked, setPicked] = useState('');
  const [loading, setLoading] = useState(false);

  const pick = async (value: string) => {
    setPicked(value);
    if (!value) return onToken('');
    setLoading(true);
    try {
      onToken(await fetchConnectionToken(Number(value)));
    } catch (err) {
      toastError(err);
    } finally {
      setLoading(false);
    }
  };
  const copy = async (text: string, done: string) => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    toastSuccess(done);
  };
  const list = connections.data ?? [];

  return (
    <Card className="mapi-picker" data-testid="messages-api-picker">
      <H4>{t('picker.title')}</H4>
      <p>{t('picker.help')}</p>
      <div className="mapi-picker__row">
        <FormGroup label={t('picker.connection')} labelFor="mapi-connection">
          <HTMLSelect id="mapi-connection" value={picked} disabled={loading} onChange={(e) => void pick(e.target.value)} data-testid="messages-api-connection">
            <option value="">{list.length ? t('picker.choose') : t('picker.empty')}</option>
            {list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.channel})
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('form.token')} labelFor="mapi-picked-token" className="mapi-picker__token">
          <InputGroup id="mapi-picked-token" readOnly value={token} data-testid="messages-api-token" style={{ fontFamily: 'monospace' }} />
        </FormGroup>
      </div>
      <div className="mapi-picker__actions">
        <Button icon="duplicate" text={t('picker.copyToken')} disabled={!token} onClick={() => void copy(token, t('picker.copied'))} data-testid="messages-api-copy-token" />
        <Button icon="code" text={t('picker.copyCurl')} disabled={!token} onClick={() => void copy(curl, t('picker.copied'))} data-testid="messages-api-copy-curl" />
      </div>
    </Card>
  );
}
