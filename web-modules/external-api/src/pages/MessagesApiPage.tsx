import { useState } from 'react';
import { PageHeader, useTranslation } from '@guiche/web-sdk';
import { ApiDocs } from '../components/ApiDocs';
import { ConnectionPicker } from '../components/ConnectionPicker';
import { curlExamples } from '../lib/send';
import { SendTestForm } from '../components/SendTestForm';
import { NS } from '../i18n/register';

/**
 * /messages-api: a connection picker (its token fills the curl examples and the forms), the API
 * documentation, and the text and media test forms. Admins of plans with
 * useExternalApi only: the shell's route rule refuses anyone else before this page renders.
 */
export default function MessagesApiPage() {
  const { t } = useTranslation(NS);
  const [token, setToken] = useState('');
  return (
    <div className="mapi-page" data-testid="messages-api-page">
      <PageHeader title={t('title')} />
      <ConnectionPicker token={token} curl={curlExamples(window.location.origin, token).text} onToken={setToken} />
      <ApiDocs token={token} />
      <h3>{t('methods')}</h3>
      <div className="mapi-forms">
        <SendTestForm kind="text" pickedToken={token} />
        <SendTestForm kind="media" pickedToken={token} />
      </div>
    </div>
  );
}
