import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { Intent } from '@blueprintjs/core';
import { DENIAL_REDIRECT_MS, ERROR_TOAST_MS, i18n, isAdmin, navigateTo, PageHeader, showToast, useSession, useTranslation } from '@guiche/web-sdk';
import { ApiDocs } from '../components/ApiDocs';
import { SendTestForm } from '../components/SendTestForm';
import { NS } from '../i18n/register';

/** Leaves the page like a plan denial (outreach-config.md §6, §8): message, then / after 1 s. */
function Denied() {
  useEffect(() => {
    showToast({ message: i18n.t('errors.ERR_PLAN_DISABLED'), intent: Intent.DANGER, timeout: ERROR_TOAST_MS });
    const timer = setTimeout(() => navigateTo('/'), DENIAL_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

/** /messages-api: the API documentation plus the text and media test forms (admins of plans with useExternalApi). */
export default function MessagesApiPage() {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  if (!user) return <Navigate to="/login" replace />;
  if (!isAdmin(user)) return <Denied />;
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
