import { Card, H4, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register';
import { curlExamples, SEND_URL } from '../lib/send';

const FIELDS = ['number', 'body', 'userId', 'queueId', 'sendSignature', 'medias'] as const;
const STATUSES = [
  ['202', ''],
  ['400', 'ERR_VALIDATION, ERR_WAPP_INVALID_CONTACT'],
  ['401', 'ERR_API_TOKEN_INVALID'],
  ['403', 'ERR_PLAN_DISABLED, ERR_API_TOKEN_PUBLIC_KEY'],
  ['409', 'ERR_WAPP_NOT_INITIALIZED, ERR_IDEMPOTENCY_IN_PROGRESS'],
  ['422', 'ERR_IDEMPOTENCY_KEY_REUSED'],
  ['429', 'ERR_RATE_LIMITED'],
] as const;

/** The documentation half of /messages-api: endpoint, headers, fields, curl examples in this site's own base URL, error codes. */
export function ApiDocs({ token }: { token?: string }) {
  const { t } = useTranslation(NS);
  const base = window.location.origin;
  const curl = curlExamples(base, token);
  return (
    <Card className="mapi-docs" data-testid="messages-api-docs">
      <p>{t('intro')}</p>
      <H4>{t('endpoint')}</H4>
      <pre data-testid="messages-api-endpoint">POST {base + SEND_URL}</pre>
      <H4>{t('headers')}</H4>
      <ul>
        <li>
          <code>Authorization: Bearer &lt;token&gt;</code> — {t('instructions.token')}
        </li>
        <li>
          <code>Idempotency-Key</code> — {t('instructions.idempotency')}
        </li>
      </ul>
      <p>{t('instructions.number')}</p>
      <p>{t('instructions.rate')}</p>
      <H4>{t('fields')}</H4>
      <HTMLTable compact striped>
        <tbody>
          {FIELDS.map((field) => (
            <tr key={field}>
              <td>
                <code>{field}</code>
              </td>
              <td>{t(`fieldDocs.${field}`)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <H4>{t('examples')}</H4>
      <pre data-testid="messages-api-curl-text">{curl.text}</pre>
      <pre data-testid="messages-api-curl-media">{curl.media}</pre>
      <H4>{t('errors')}</H4>
      <HTMLTable compact striped>
        <tbody>
          {STATUSES.map(([status, codes]) => (
            <tr key={status}>
              <td>{status}</td>
              <td>
                <code>{codes}</code>
              </td>
              <td>{t(`errorDocs.${status}`)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <p>
        <a href="/api/messages-api/openapi.json" target="_blank" rel="noreferrer">
          {t('instructions.openapi')}
        </a>
      </p>
    </Card>
  );
}
