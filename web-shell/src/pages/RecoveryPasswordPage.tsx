import { Button, Callout, InputGroup, Intent } from '@blueprintjs/core';
import { Form, Formik } from 'formik';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { onlyDigits } from '@guiche/contracts';
import { api, statusOf, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';
import { PublicPage } from './PublicPage.js';
import { Field, fieldIntent } from './FieldError.js';

/** After the third wrong code the user is sent back to login after 3 s (account-admin.md §4, §9). */
export const MAX_CODE_ATTEMPTS = 3;
export const RECOVERY_REDIRECT_MS = 3000;

type Step = 'number' | 'code' | 'password' | 'unavailable';

/**
 * Three steps: send a code to the registered WhatsApp number, verify it, set a new password.
 * The server checks the code (GET /verificar-code/{wpp}?code=); a 404 on the first step means the
 * feature is not served here yet, and the screen says so instead of pretending.
 */
export function RecoveryPasswordPage() {
  const { t } = useTranslation(SHELL_NS);
  const [step, setStep] = useState<Step>('number');
  const [wpp, setWpp] = useState('');
  const [userId, setUserId] = useState<number | null>(null);
  const [code, setCode] = useState('');

  return (
    <PublicPage title={t('recovery.title')}>
      {step === 'unavailable' && (
        <Callout intent={Intent.WARNING} icon="info-sign" role="alert">
          {t('recovery.unavailable')}
        </Callout>
      )}
      {step === 'number' && (
        <NumberStep
          onSent={(number, id) => {
            setWpp(number);
            setUserId(id);
            setStep('code');
          }}
          onUnavailable={() => setStep('unavailable')}
        />
      )}
      {step === 'code' && (
        <CodeStep
          wpp={wpp}
          onVerified={(c) => {
            setCode(c);
            setStep('password');
          }}
        />
      )}
      {step === 'password' && <PasswordStep userId={userId} wpp={wpp} code={code} />}
      <div className="public-links">
        <Link to="/login">{t('recovery.backToLogin')}</Link>
      </div>
    </PublicPage>
  );
}

function NumberStep({ onSent, onUnavailable }: { onSent(wpp: string, userId: number | null): void; onUnavailable(): void }) {
  const { t } = useTranslation(SHELL_NS);
  return (
    <Formik
      initialValues={{ wpp: '' }}
      validate={(v) => (onlyDigits(v.wpp).length < 10 ? { wpp: t('recovery.whatsappRequired') } : {})}
      onSubmit={async ({ wpp }) => {
        const number = onlyDigits(wpp);
        try {
          const { data } = await api.post<{ userId?: number }>('/enviar-email', { wpp: number });
          onSent(number, typeof data?.userId === 'number' ? data.userId : null);
        } catch (err) {
          if (statusOf(err) === 404) onUnavailable();
          else toastError(err);
        }
      }}
    >
      {({ values, errors, touched, submitCount, handleChange, handleBlur, isSubmitting }) => (
        <Form noValidate>
          <p>{t('recovery.step1')}</p>
          <Field name="wpp" label={t('recovery.whatsapp')}>
            <InputGroup id="wpp" name="wpp" type="tel" autoFocus large value={values.wpp} onChange={handleChange} onBlur={handleBlur} intent={fieldIntent(errors.wpp, touched.wpp, submitCount)} />
          </Field>
          <Button type="submit" intent={Intent.PRIMARY} fill large loading={isSubmitting} text={t('recovery.sendCode')} />
        </Form>
      )}
    </Formik>
  );
}

function CodeStep({ wpp, onVerified }: { wpp: string; onVerified(code: string): void }) {
  const { t } = useTranslation(SHELL_NS);
  const navigate = useNavigate();
  const [attempts, setAttempts] = useState(0);
  const exceeded = attempts >= MAX_CODE_ATTEMPTS;

  useEffect(() => {
    if (!exceeded) return;
    const timer = setTimeout(() => navigate('/login'), RECOVERY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [exceeded, navigate]);

  if (exceeded) return <Callout intent={Intent.DANGER} role="alert">{t('recovery.attemptsExceeded')}</Callout>;

  return (
    <Formik
      initialValues={{ code: '' }}
      validate={(v) => (v.code.trim() ? {} : { code: t('recovery.codeRequired') })}
      onSubmit={async ({ code }, helpers) => {
        try {
          await api.get(`/verificar-code/${encodeURIComponent(wpp)}`, { params: { code: code.trim() } });
          onVerified(code.trim());
        } catch (err) {
          const status = statusOf(err);
          if (status === 400 || status === 401 || status === 422) {
            setAttempts((n) => n + 1);
            helpers.setFieldError('code', t('recovery.incorrectCode'));
            toastError(t('recovery.incorrectCode'));
          } else {
            toastError(t('recovery.verifyError'));
          }
        }
      }}
    >
      {({ values, errors, touched, submitCount, handleChange, handleBlur, isSubmitting }) => (
        <Form noValidate>
          <p>{t('recovery.step2')}</p>
          <Field name="code" label={t('recovery.code')}>
            <InputGroup id="code" name="code" autoFocus large inputMode="numeric" autoComplete="one-time-code" value={values.code} onChange={handleChange} onBlur={handleBlur} intent={fieldIntent(errors.code, touched.code, submitCount)} />
          </Field>
          <Button type="submit" intent={Intent.PRIMARY} fill large loading={isSubmitting} text={t('recovery.verify')} />
        </Form>
      )}
    </Formik>
  );
}

function PasswordStep({ userId, wpp, code }: { userId: number | null; wpp: string; code: string }) {
  const { t } = useTranslation(SHELL_NS);
  const navigate = useNavigate();
  const [visible, setVisible] = useState(false);
  return (
    <Formik
      initialValues={{ newPassword: '' }}
      validate={(v) => (v.newPassword.length < 6 ? { newPassword: t('validation.loginPassword', { ns: 'translation' }) } : {})}
      onSubmit={async ({ newPassword }) => {
        try {
          await api.put('/atualizar-senha', { userId, wpp, code, newPassword });
          toastSuccess(t('recovery.saved'));
          navigate('/login');
        } catch {
          toastError(t('recovery.saveError'));
        }
      }}
    >
      {({ values, errors, touched, submitCount, handleChange, handleBlur, isSubmitting }) => (
        <Form noValidate>
          <p>{t('recovery.step3')}</p>
          <Field name="newPassword" label={t('recovery.newPassword')}>
            <InputGroup
              id="newPassword"
              name="newPassword"
              type={visible ? 'text' : 'password'}
              autoFocus
              large
              autoComplete="new-password"
              value={values.newPassword}
              onChange={handleChange}
              onBlur={handleBlur}
              intent={fieldIntent(errors.newPassword, touched.newPassword, submitCount)}
              rightElement={<Button minimal icon={visible ? 'eye-off' : 'eye-open'} aria-label={visible ? t('login.hidePassword') : t('login.showPassword')} onClick={() => setVisible((v) => !v)} />}
            />
          </Field>
          <Button type="submit" intent={Intent.PRIMARY} fill large loading={isSubmitting} text={t('recovery.save')} />
        </Form>
      )}
    </Formik>
  );
}
