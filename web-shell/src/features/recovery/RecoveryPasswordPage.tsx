import { Button, Callout, InputGroup, Intent } from '@blueprintjs/core';
import { Form, Formik } from 'formik';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { onlyDigits, RECOVERY_MAX_ATTEMPTS } from '@guiche/contracts';
import { api, errorCodeOf, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../../locales/index.js';
import { PublicPage } from '../../pages/PublicPage.js';
import { Field, fieldIntent } from '../../pages/FieldError.js';

/** After the third wrong code the user is sent back to login after 3 s (account-admin.md §4, §9). */
export const RECOVERY_REDIRECT_MS = 3000;

type Step = 'number' | 'code' | 'password';

/**
 * Three steps: send a code to the registered WhatsApp number, verify it, set a new password.
 * The server checks the code and answers a one-use proof; only that proof sets the password.
 */
export function RecoveryPasswordPage() {
  const { t } = useTranslation(SHELL_NS);
  const [step, setStep] = useState<Step>('number');
  const [wpp, setWpp] = useState('');
  const [proof, setProof] = useState('');

  return (
    <PublicPage title={t('recovery.title')}>
      <div data-testid={`recovery-step-${step}`}>
        {step === 'number' && (
          <NumberStep
            onSent={(number) => {
              setWpp(number);
              setStep('code');
            }}
          />
        )}
        {step === 'code' && (
          <CodeStep
            wpp={wpp}
            onVerified={(p) => {
              setProof(p);
              setStep('password');
            }}
            onRestart={() => setStep('number')}
          />
        )}
        {step === 'password' && <PasswordStep proof={proof} onRestart={() => setStep('number')} />}
      </div>
      <div className="public-links">
        <Link to="/login">{t('recovery.backToLogin')}</Link>
      </div>
    </PublicPage>
  );
}

function NumberStep({ onSent }: { onSent(wpp: string): void }) {
  const { t } = useTranslation(SHELL_NS);
  const [unavailable, setUnavailable] = useState(false);
  return (
    <Formik
      initialValues={{ wpp: '' }}
      validate={(v) => (onlyDigits(v.wpp).length < 10 ? { wpp: t('recovery.whatsappRequired') } : {})}
      onSubmit={async ({ wpp }) => {
        const number = onlyDigits(wpp);
        setUnavailable(false);
        try {
          await api.post('/enviar-email', { wpp: number });
          toastSuccess(t('recovery.codeSent'));
          onSent(number);
        } catch (err) {
          if (errorCodeOf(err) === 'ERR_RECOVERY_UNAVAILABLE') setUnavailable(true);
          else toastError(err);
        }
      }}
    >
      {({ values, errors, touched, submitCount, handleChange, handleBlur, isSubmitting }) => (
        <Form noValidate>
          {unavailable && (
            <Callout intent={Intent.WARNING} icon="info-sign" role="alert" className="recovery-unavailable">
              {t('errors.ERR_RECOVERY_UNAVAILABLE', { ns: 'translation' })}
            </Callout>
          )}
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

function CodeStep({ wpp, onVerified, onRestart }: { wpp: string; onVerified(proof: string): void; onRestart(): void }) {
  const { t } = useTranslation(SHELL_NS);
  const navigate = useNavigate();
  const [exceeded, setExceeded] = useState(false);

  useEffect(() => {
    if (!exceeded) return;
    const timer = setTimeout(() => navigate('/login'), RECOVERY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [exceeded, navigate]);

  if (exceeded) return <Callout intent={Intent.DANGER} role="alert">{t('recovery.attemptsExceeded')}</Callout>;

  return (
    <Formik
      initialValues={{ code: '' }}
      validate={(v) => (/^\d{6}$/.test(v.code.trim()) ? {} : { code: t('recovery.codeRequired') })}
      onSubmit={async ({ code }, helpers) => {
        try {
          const { data } = await api.get<{ proof: string }>(`/verificar-code/${encodeURIComponent(wpp)}`, { params: { code: code.trim() } });
          onVerified(data.proof);
        } catch (err) {
          switch (errorCodeOf(err)) {
            case 'ERR_RECOVERY_CODE_INCORRECT':
              helpers.setFieldError('code', t('recovery.incorrectCode'));
              helpers.setFieldValue('code', '', false);
              toastError(t('recovery.incorrectCode'));
              break;
            case 'ERR_RECOVERY_ATTEMPTS_EXCEEDED':
              setExceeded(true);
              break;
            case 'ERR_RECOVERY_CODE_INVALID':
              toastError(t('recovery.invalidCode'));
              onRestart();
              break;
            default:
              toastError(t('recovery.verifyError'));
          }
        }
      }}
    >
      {({ values, errors, touched, submitCount, handleChange, handleBlur, isSubmitting }) => (
        <Form noValidate>
          <p>{t('recovery.step2', { max: RECOVERY_MAX_ATTEMPTS })}</p>
          <Field name="code" label={t('recovery.code')}>
            <InputGroup id="code" name="code" autoFocus large inputMode="numeric" maxLength={6} autoComplete="one-time-code" value={values.code} onChange={handleChange} onBlur={handleBlur} intent={fieldIntent(errors.code, touched.code, submitCount)} />
          </Field>
          <Button type="submit" intent={Intent.PRIMARY} fill large loading={isSubmitting} text={t('recovery.verify')} />
        </Form>
      )}
    </Formik>
  );
}

function PasswordStep({ proof, onRestart }: { proof: string; onRestart(): void }) {
  const { t } = useTranslation(SHELL_NS);
  const navigate = useNavigate();
  const [visible, setVisible] = useState(false);
  return (
    <Formik
      initialValues={{ newPassword: '' }}
      validate={(v) => (v.newPassword.length >= 8 && /[a-z]/.test(v.newPassword) && /[A-Z]/.test(v.newPassword) ? {} : { newPassword: t('validation.passwordWeak', { ns: 'translation' }) })}
      onSubmit={async ({ newPassword }) => {
        try {
          await api.put('/atualizar-senha', { proof, newPassword });
          toastSuccess(t('recovery.saved'));
          navigate('/login');
        } catch (err) {
          if (errorCodeOf(err) === 'ERR_RECOVERY_PROOF_INVALID') {
            toastError(err);
            onRestart();
          } else toastError(t('recovery.saveError'));
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
