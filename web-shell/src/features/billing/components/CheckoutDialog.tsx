import { useEffect, useRef, useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, Intent, Switch, Tag } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { customPlanPrice, subscriptionSchema, type Invoice, type SubscriptionResponse } from '@guiche/contracts';
import { Dialog, formatCurrency, serverValidationErrors, TextField, toastError, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { subscribe } from '../api/billing-api.js';
import { NS } from '../i18n/register.js';

/** The copy confirmation shows for 1 s (account-admin.md §9). */
export const COPY_CONFIRMATION_MS = 1000;

interface CheckoutForm {
  firstName: string;
  lastName: string;
  zipcode: string;
  address2: string;
  city: string;
  state: string;
  country: string;
  custom: boolean;
  users: string;
  connections: string;
}

const STEP_SCHEMAS = [subscriptionSchema.pick({ firstName: true, zipcode: true }), subscriptionSchema.pick({ users: true, connections: true })];
const STEPS = ['data', 'customize', 'review'] as const;

/** The checks of the step on screen: step 0 its fields, step 1 the custom plan when chosen. */
function validateStep(values: CheckoutForm, step: number) {
  const schema = step === 0 || (step === 1 && values.custom) ? STEP_SCHEMAS[step] : undefined;
  return schema ? zodFormikValidate<CheckoutForm>(schema)(values) : {};
}

/**
 * The checkout wizard (account-admin.md §2, §4): Dados, Personalizar, Revisar, then the Pix screen.
 * PRÓXIMO moves on once the step is valid; PAGAR on the last step creates the Pix charge.
 */
export function CheckoutDialog({ invoice, onClose }: { invoice: Invoice; onClose(): void }) {
  const { t } = useTranslation(NS);
  const [step, setStep] = useState(0);
  const [pix, setPix] = useState<SubscriptionResponse | null>(null);
  const form = useFormik<CheckoutForm>({
    initialValues: { firstName: '', lastName: '', zipcode: '', address2: '', city: '', state: '', country: 'Brasil', custom: false, users: String(Math.max(invoice.users, 3)), connections: String(Math.max(invoice.connections, 3)) },
    validate: (values) => validateStep(values, step),
    onSubmit: async (values, helpers) => {
      if (step < STEPS.length - 1) {
        setStep(step + 1);
        helpers.setSubmitting(false);
        helpers.setTouched({});
        return;
      }
      try {
        const answer = await subscribe({
          firstName: values.firstName,
          lastName: values.lastName || undefined,
          zipcode: values.zipcode,
          address2: values.address2 || undefined,
          city: values.city || undefined,
          state: values.state || undefined,
          country: values.country || undefined,
          useAddressForPaymentDetails: true,
          plan: invoice.detail,
          price,
          invoiceId: invoice.id,
          ...(values.custom ? { users: Number(values.users), connections: Number(values.connections) } : {}),
        });
        toastSuccess(t('checkout.subscribed'));
        setPix(answer);
      } catch (err) {
        const fieldErrors = serverValidationErrors<CheckoutForm>(err);
        if (fieldErrors) {
          setStep(0);
          helpers.setErrors(fieldErrors);
        } else toastError(err);
      }
    },
  });
  const users = Number(form.values.users);
  const connections = Number(form.values.connections);
  const price = form.values.custom && Number.isInteger(users) && Number.isInteger(connections) ? customPlanPrice(users, connections) : Number(invoice.value);

  return (
    <Dialog isOpen onClose={onClose} title={t('checkout.title')} style={{ width: 560 }}>
      <div data-testid="checkout-dialog">
        {pix ? (
          <PixScreen pix={pix} onClose={onClose} />
        ) : (
          <form onSubmit={form.handleSubmit} noValidate>
            <DialogBody>
              <div className="checkout-steps" data-testid="checkout-steps">
                {STEPS.map((name, i) => (
                  <Tag key={name} round minimal={i !== step} intent={i === step ? Intent.PRIMARY : Intent.NONE} data-testid={i === step ? 'checkout-current-step' : undefined}>
                    {`${i + 1}. ${t(`checkout.steps.${name}`)}`}
                  </Tag>
                ))}
              </div>
              {step === 0 && (
                <div className="checkout-grid">
                  <TextField form={form} name="firstName" id="checkout-firstName" label={t('checkout.firstName')} required autoFocus />
                  <TextField form={form} name="lastName" id="checkout-lastName" label={t('checkout.lastName')} />
                  <TextField form={form} name="zipcode" id="checkout-zipcode" label={t('checkout.zipcode')} required />
                  <TextField form={form} name="address2" id="checkout-address2" label={t('checkout.address2')} />
                  <TextField form={form} name="city" id="checkout-city" label={t('checkout.city')} />
                  <TextField form={form} name="state" id="checkout-state" label={t('checkout.state')} />
                  <TextField form={form} name="country" id="checkout-country" label={t('checkout.country')} />
                </div>
              )}
              {step === 1 && (
                <div>
                  <p>
                    <strong>{t('checkout.currentPlan')}:</strong> {invoice.detail} — {invoice.users} {t('checkout.users')}, {invoice.connections} {t('checkout.connections')} — {formatCurrency(invoice.value)}
                  </p>
                  <Switch checked={form.values.custom} label={t('checkout.customPlan')} onChange={(e) => void form.setFieldValue('custom', e.currentTarget.checked)} data-testid="checkout-custom" />
                  {form.values.custom && (
                    <>
                      <p className="bp6-text-muted">{t('checkout.customHint')}</p>
                      <div className="checkout-grid">
                        <TextField form={form} name="users" id="checkout-users" label={t('checkout.users')} type="number" min={3} required />
                        <TextField form={form} name="connections" id="checkout-connections" label={t('checkout.connections')} type="number" min={3} required />
                      </div>
                    </>
                  )}
                  <p data-testid="checkout-price">
                    <strong>{t('checkout.monthly')}:</strong> {formatCurrency(price)}
                  </p>
                </div>
              )}
              {step === 2 && (
                <dl className="checkout-review" data-testid="checkout-review">
                  <dt>{t('checkout.reviewTitle')}</dt>
                  <dd />
                  <dt>{t('checkout.name')}</dt>
                  <dd>{[form.values.firstName, form.values.lastName].filter(Boolean).join(' ')}</dd>
                  <dt>{t('checkout.document')}</dt>
                  <dd>{form.values.zipcode}</dd>
                  <dt>{t('checkout.plan')}</dt>
                  <dd>{form.values.custom ? `${t('checkout.customPlan')}: ${users} ${t('checkout.users')}, ${connections} ${t('checkout.connections')}` : invoice.detail}</dd>
                  <dt>{t('checkout.total')}</dt>
                  <dd data-testid="checkout-total">{formatCurrency(price)}</dd>
                </dl>
              )}
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  {step > 0 && <Button text={t('checkout.back')} onClick={() => setStep(step - 1)} />}
                  <Button type="submit" intent={Intent.PRIMARY} loading={form.isSubmitting} text={step === STEPS.length - 1 ? t('checkout.pay') : t('checkout.next')} data-testid="checkout-submit" />
                </>
              }
            />
          </form>
        )}
      </div>
    </Dialog>
  );
}

function PixScreen({ pix, onClose }: { pix: SubscriptionResponse; onClose(): void }) {
  const { t } = useTranslation(NS);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  async function copy() {
    await navigator.clipboard?.writeText(pix.qrcode.qrcode).catch(() => undefined);
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  }
  return (
    <>
      <DialogBody>
        <div className="checkout-pix" data-testid="checkout-pix">
          <h3>{t('checkout.pixTitle')}</h3>
          <p>{t('checkout.pixHint')}</p>
          {pix.qrcode.encodedImage && <img src={`data:image/png;base64,${pix.qrcode.encodedImage}`} alt={t('checkout.pixImage')} />}
          <strong data-testid="checkout-pix-value">{t('checkout.pixValue', { value: formatCurrency(pix.valor.original) })}</strong>
          <textarea readOnly rows={4} value={pix.qrcode.qrcode} data-testid="checkout-pix-code" aria-label={t('checkout.pixTitle')} />
          <Button icon={copied ? 'tick' : 'duplicate'} intent={copied ? Intent.SUCCESS : Intent.PRIMARY} text={copied ? t('checkout.copied') : t('checkout.copy')} onClick={() => void copy()} data-testid="checkout-pix-copy" />
          <Callout intent={Intent.PRIMARY} icon="time">
            {t('checkout.waiting')}
          </Callout>
        </div>
      </DialogBody>
      <DialogFooter actions={<Button text={t('checkout.close')} onClick={onClose} />} />
    </>
  );
}
