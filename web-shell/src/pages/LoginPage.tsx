import { AnchorButton, Button, Classes, InputGroup, Intent } from '@blueprintjs/core';
import { Formik, Form, useFormikContext, type FormikProps } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { loginSchema, type LoginInput } from '@guiche/contracts';
import { toastError, useSession, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';
import { peekHandover, settleHandover } from '../login/handover.js';
import { announceLogin } from '../session/after-login.js';
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
      navigate(announceLogin(data, t), { replace: true });
    } catch (err) {
      toastError(err);
    }
  };

  // What the light login (the first page, issue #28) was given: shown here as if typed here.
  const [handover] = useState(() => peekHandover('retry'));
  const form = useRef<FormikProps<LoginInput>>(null);
  useEffect(() => {
    if (!handover || !settleHandover(handover)) return;
    if (handover.error) toastError(handover.error);
    // Nothing was sent, or the server refused a field: the form validates and shows why.
    else void form.current?.submitForm();
  }, [handover]);

  return (
    <PublicPage title={t('login.title')}>
      <Formik<LoginInput> innerRef={form} initialValues={handover?.values ?? { email: '', password: '' }} validate={validate} onSubmit={submit}>
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
