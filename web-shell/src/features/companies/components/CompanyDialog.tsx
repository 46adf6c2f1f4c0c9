import { DialogBody, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useFormik } from 'formik';
import type { CompanyRow } from '@guiche/contracts';
import { Dialog, fieldError, fieldIntent, formatCurrency, FormDialogFooter, SelectField, SwitchField, TextField, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { companyFormValues, companyPayload, recurrences, validateCompany, type CompanyFormValues } from '../lib/company-form.js';
import { useCompanyMutations, usePlanOptions } from '../hooks/useCompanies.js';

/**
 * A whole number, blank allowed (the plan's). A text input with the numeric keypad rather than
 * type="number": that one silently empties what is not a number, so "numeric" (§5) could not be told.
 */
const limitInput = { inputMode: 'numeric', autoComplete: 'off', maxLength: 4 } as const;

interface Props {
  company: CompanyRow | null;
  onClose(): void;
}

/** Create / edit a company (account-admin.md §5 company form, §8 save failure). */
export function CompanyDialog({ company, onClose }: Props) {
  const { t } = useTranslation(NS);
  const creating = company === null;
  const plans = usePlanOptions(true);
  const { save } = useCompanyMutations();
  const form = useFormik<CompanyFormValues>({
    initialValues: companyFormValues(company),
    // The page's keys, or a shared validation key of the contracts (the sdk's namespace).
    validate: (values) => Object.fromEntries(Object.entries(validateCompany(values, creating)).map(([k, key]) => [k, t(key, { ns: [NS, 'translation'] })])),
    onSubmit: async (values) => {
      try {
        await save.mutateAsync({ id: company?.id ?? null, payload: companyPayload(values, creating) });
        toastSuccess(t('dialog.saved'));
        onClose();
      } catch {
        toastError(t('dialog.saveError'));
      }
    },
  });
  const planError = fieldError(form, 'planId');

  return (
    <Dialog isOpen onClose={onClose} title={creating ? t('dialog.newTitle') : t('dialog.editTitle')} icon="office" style={{ width: 560, maxWidth: '95vw' }}>
      <form onSubmit={form.handleSubmit} noValidate data-testid="company-dialog">
        <DialogBody>
          <TextField form={form} name="name" id="company-name" label={t('dialog.name')} required autoFocus />
          <TextField form={form} name="email" id="company-email" label={t('dialog.email')} required type="email" />
          <TextField form={form} name="phone" id="company-phone" label={t('dialog.phone')} type="tel" />
          <TextField form={form} name="document" id="company-document" label={t('dialog.document')} />
          <FormGroup label={t('dialog.plan')} labelFor="company-plan" labelInfo="*" intent={fieldIntent(planError)} helperText={planError}>
            <HTMLSelect id="company-plan" name="planId" fill value={form.values.planId} onChange={form.handleChange} onBlur={form.handleBlur}>
              <option value="">{plans.isPending ? t('dialog.plansLoading') : t('dialog.choosePlan')}</option>
              {(plans.data ?? []).map((plan) => (
                <option key={plan.id} value={String(plan.id)}>
                  {`${plan.name} — ${formatCurrency(plan.amount)}`}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <div className="company-limits">
            <TextField form={form} name="numberAttendants" id="company-number-attendants" label={t('dialog.numberAttendants')} hint={t('dialog.limitHint')} {...limitInput} />
            <TextField form={form} name="numberConections" id="company-number-conections" label={t('dialog.numberConections')} hint={t('dialog.limitHint')} {...limitInput} />
          </div>
          <TextField form={form} name="dueDate" id="company-due-date" label={t('dialog.dueDate')} type="date" />
          <SelectField form={form} name="recurrence" id="company-recurrence" label={t('dialog.recurrence')} options={recurrences.map((r) => [r, t(`recurrence.${r}`)] as const)} />
          {creating && <TextField form={form} name="password" id="company-password" label={t('dialog.password')} type="password" hint={t('dialog.passwordHint')} />}
          <SwitchField form={form} name="status" label={t('dialog.status')} testId="company-status" />
        </DialogBody>
        <FormDialogFooter cancelLabel={t('actions.cancel')} saveLabel={t('actions.save')} saving={form.isSubmitting} onCancel={onClose} saveTestId="company-save" />
      </form>
    </Dialog>
  );
}
