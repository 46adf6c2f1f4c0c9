import { AnchorButton, Button, Classes, InputGroup, Intent } from '@blueprintjs/core';
import { Formik, Form, useFormikContext } from 'formik';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { loginSchema, type LoginInput } from '@guiche/contracts';
import { daysUntil, formatDate, toastError, toastSuccess, toastWarning, useSession, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';
import { shouldWarnAtLogin } from '../session/due-date.js';
import { supportChatUrl } from '../session/support.js';
import { Field, fieldIntent } from './FieldError.js';
import { PublicPage } from './PublicPage.js';

const validate = zodFormikValidate<LoginInput>(loginSchema);

export function LoginPage() {
  const { t } = useTranslation(SHELL_NS);
  const { login } = useSession();
  const navigate = useNavigate();
  const supportUrl = supportChatUrl(t('login.supportMessage'));

  const submit = async (values: LoginInput) => {
    try {
      const data = await login(values.email.trim(), values.password);
      const dueDate = data.user.company?.dueDate ?? null;
      if (data.subscriptionExpired) {
        toastError(t('expired.message', { date: formatDate(dueDate) }));
        navigate('/financeiro-aberto', { replace: true });
        return;
      }
      toastSuccess(t('login.success'));
      const days = daysUntil(dueDate);
      if (shouldWarnAtLogin(days)) {
        toastWarning(days === 0 ? t('login.dueToday', { date: formatDate(dueDate) }) : t('login.dueSoon', { count: days ?? 0, date: formatDate(dueDate) }), 6000);
      }
      navigate('/tickets', { replace: true });
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <PublicPage title={t('login.title')}>
      <Formik<LoginInput> initialValues={{ email: '', password: '' }} validate={validate} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate aria-label={t('login.title')}>
            <EmailField label={t('login.email')} />
            <PasswordField label={t('login.password')} />
            <Button type="submit" intent={Intent.PRIMARY} fill large loading={isSubmitting} text={t('login.submit')} />
          </Form>
        )}
      </Formik>
      <div className="public-links">
        <Link to="/recovery-password">{t('login.forgotPassword')}</Link>
        <Link to="/signup">{t('login.signup')}</Link>
        {supportUrl && (
          <AnchorButton minimal small icon="chat" href={supportUrl} target="_blank" rel="noopener noreferrer" text={t('login.noAccount')} />
        )}
      </div>
    </PublicPage>
  );
}

function EmailField({ label }: { label: string }) {
  const { values, errors, touched, submitCount, handleChange, handleBlur } = useFormikContext<LoginInput>();
  return (
    <Field name="email" label={label}>
      <InputGroup
        id="email"
        name="email"
        type="email"
        autoComplete="email"
        autoFocus
        large
        value={values.email}
        onChange={handleChange}
        onBlur={handleBlur}
        intent={fieldIntent(errors.email, touched.email, submitCount)}
      />
    </Field>
  );
}

function PasswordField({ label }: { label: string }) {
  const { t } = useTranslation(SHELL_NS);
  const [visible, setVisible] = useState(false);
  const { values, errors, touched, submitCount, handleChange, handleBlur } = useFormikContext<LoginInput>();
  return (
    <Field name="password" label={label}>
      <InputGroup
        id="password"
        name="password"
        type={visible ? 'text' : 'password'}
        autoComplete="current-password"
        large
        value={values.password}
        onChange={handleChange}
        onBlur={handleBlur}
        intent={fieldIntent(errors.password, touched.password, submitCount)}
        rightElement={
          <Button
            minimal
            icon={visible ? 'eye-off' : 'eye-open'}
            aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
            className={Classes.SMALL}
            onClick={() => setVisible((v) => !v)}
          />
        }
      />
    </Field>
  );
}
