import { Button, Callout, Checkbox, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Form, Formik, useFormikContext } from 'formik';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signupSchema, type Plan } from '@guiche/contracts';
import { api, formatCurrency, serverValidationErrors, toastError, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';
import { Field, fieldIntent } from './FieldError.js';
import { PasswordStrength } from './PasswordStrength.js';
import { PublicPage } from './PublicPage.js';

interface SignupValues {
  companyName: string;
  name: string;
  phone: string;
  document: string;
  email: string;
  password: string;
  planId: string;
  termo: boolean;
  companyId: number | null;
}

const validate = zodFormikValidate<SignupValues>(signupSchema);

export function SignupPage() {
  const { t } = useTranslation(SHELL_NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const companyIdParam = Number(params.get('companyId'));
  const plans = useQuery({ queryKey: ['plans', 'public'], queryFn: async () => (await api.get<Plan[]>('/plans/listPublic')).data });

  const initialValues: SignupValues = {
    companyName: '',
    name: '',
    phone: '',
    document: '',
    email: '',
    password: '',
    planId: '',
    termo: false,
    companyId: Number.isInteger(companyIdParam) && companyIdParam > 0 ? companyIdParam : null,
  };

  return (
    <PublicPage title={t('signup.title')} wide>
      <Formik<SignupValues>
        initialValues={initialValues}
        validate={validate}
        onSubmit={async (values, helpers) => {
          try {
            await api.post('/auth/signup', signupSchema.parse(values));
            toastSuccess(t('signup.success'));
            navigate('/login');
          } catch (err) {
            const fieldErrors = serverValidationErrors<SignupValues>(err);
            if (fieldErrors) helpers.setErrors(fieldErrors);
            toastError(t('signup.failure'));
            if (!fieldErrors) toastError(err);
          }
        }}
      >
        {({ isSubmitting, values }) => (
          <Form noValidate aria-label={t('signup.title')}>
            <TextField name="companyName" label={t('signup.companyName')} autoComplete="organization" autoFocus />
            <TextField name="name" label={t('signup.name')} autoComplete="name" />
            <div className="form-row">
              <TextField name="phone" label={t('signup.phone')} autoComplete="tel" type="tel" placeholder="(11) 91234-5678" />
              <TextField name="document" label={t('signup.document')} />
            </div>
            <TextField name="email" label={t('signup.email')} autoComplete="email" type="email" />
            <TextField name="password" label={t('signup.password')} autoComplete="new-password" type="password" />
            <PasswordStrength password={values.password} />
            <PlanField plans={plans.data} loading={plans.isPending} failed={plans.isError} />
            <TermsField />
            <Button type="submit" intent={Intent.PRIMARY} fill large loading={isSubmitting} text={t('signup.submit')} />
          </Form>
        )}
      </Formik>
      <div className="public-links">
        <Link to="/login">{t('signup.haveAccount')}</Link>
      </div>
    </PublicPage>
  );
}

type TextName = 'companyName' | 'name' | 'phone' | 'document' | 'email' | 'password';

function TextField({ name, label, ...input }: { name: TextName; label: string; autoComplete?: string; autoFocus?: boolean; type?: string; placeholder?: string }) {
  const { values, errors, touched, submitCount, handleChange, handleBlur } = useFormikContext<SignupValues>();
  return (
    <Field name={name} label={label} className="form-row-item">
      <InputGroup
        id={name}
        name={name}
        value={values[name]}
        onChange={handleChange}
        onBlur={handleBlur}
        intent={fieldIntent(errors[name], touched[name], submitCount)}
        {...input}
      />
    </Field>
  );
}

function PlanField({ plans, loading, failed }: { plans: Plan[] | undefined; loading: boolean; failed: boolean }) {
  const { t } = useTranslation(SHELL_NS);
  const { values, handleChange, handleBlur } = useFormikContext<SignupValues>();
  if (failed) return <Callout intent={Intent.DANGER} icon="error">{t('signup.plansFailed')}</Callout>;
  const empty = !loading && (plans ?? []).length === 0;
  return (
    <Field name="planId" label={t('signup.plan')}>
      {empty ? (
        <Callout intent={Intent.WARNING}>{t('signup.noPlans')}</Callout>
      ) : (
        <HTMLSelect id="planId" name="planId" fill value={values.planId} onChange={handleChange} onBlur={handleBlur} disabled={loading}>
          <option value="">{t('signup.selectPlan')}</option>
          {(plans ?? []).map((p) => (
            <option key={p.id} value={String(p.id)}>
              {t('signup.planOption', { name: p.name, users: p.users, connections: p.connections, queues: p.queues, price: formatCurrency(p.amount) })}
            </option>
          ))}
        </HTMLSelect>
      )}
    </Field>
  );
}

function TermsField() {
  const { t } = useTranslation(SHELL_NS);
  const { values, setFieldValue, setFieldTouched } = useFormikContext<SignupValues>();
  return (
    <Field name="termo">
      <Checkbox
        id="termo"
        name="termo"
        checked={values.termo}
        label={t('signup.terms')}
        onChange={(e) => {
          void setFieldValue('termo', e.currentTarget.checked);
          void setFieldTouched('termo', true, false);
        }}
      />
    </Field>
  );
}
