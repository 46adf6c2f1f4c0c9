import { PageHeader, useTranslation } from '@guiche/web-sdk';
import { ApiDocs } from '../components/ApiDocs';
import { SendTestForm } from '../components/SendTestForm';
import { NS } from '../i18n/register';

/**
 * /messages-api: the API documentation plus the text and media test forms. Admins of plans with
 * useExternalApi only: the shell's route rule refuses anyone else before this page renders.
 */
export default function MessagesApiPage() {
  const { t } = useTranslation(NS);
  return (
    <div className="mapi-page" data-testid="messages-api-page">
      <PageHeader title={t('title')} />
      <ApiDocs />
      <h3>{t('methods')}</h3>
      <div className="mapi-forms">
        <SendTestForm kind="text" />
        <SendTestForm kind="media" />
      </div>
    </div>
  );
}
