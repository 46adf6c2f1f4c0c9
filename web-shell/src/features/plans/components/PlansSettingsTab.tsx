import { Button, ButtonGroup, Checkbox, FormGroup, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useState } from 'react';
import { PlanFlags, type Plan, type PlanFlag, type PlanInput } from '@guiche/contracts';
import { ConfirmDialog, ErrorCard, formatCurrency, RowActions, TextField, toastError, toastSuccess, useDeleteConfirmation, useTranslation } from '@guiche/web-sdk';
import { deletePlan, fetchPlanFlags, fetchPlans, planKeys, savePlan } from '../api/plans-api.js';
import { declaredLabel, enabledOwnFlags, ownFlags } from '../lib/declared-flags.js';
import { NS } from '../i18n/register.js';
import '../plans.css';

type PlanForm = { name: string; users: string; connections: string; queues: string; amount: string; isPublic: boolean; pluginFlags: Record<string, boolean> } & Record<PlanFlag, boolean>;

const blank = (): PlanForm => ({ name: '', users: '0', connections: '0', queues: '0', amount: '0', isPublic: true, pluginFlags: {}, ...(Object.fromEntries(PlanFlags.map((f) => [f, false])) as Record<PlanFlag, boolean>) });
const toForm = (plan: Plan): PlanForm => ({ ...plan, users: String(plan.users), connections: String(plan.connections), queues: String(plan.queues), amount: String(plan.amount), pluginFlags: { ...plan.pluginFlags } });
const wholeNumber = (v: string) => /^\d{1,6}$/.test(v.trim());

/** Settings → Plans (super users): every field and flag of a plan; the list below, edit fills the form. */
export function PlansSettingsTab() {
  const { t, i18n } = useTranslation(NS);
  const queryClient = useQueryClient();
  const plans = useQuery({ queryKey: planKeys.all(), queryFn: fetchPlans });
  // Plugins' own flags, labelled by the plugin (a failure leaves only core's flags listed).
  const declared = useQuery({ queryKey: planKeys.flags(), queryFn: fetchPlanFlags });
  const [editing, setEditing] = useState<Plan | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['plans'] });
  const form = useFormik<PlanForm>({
    initialValues: blank(),
    validate: (v) => {
      const errors: Partial<Record<keyof PlanForm, string>> = {};
      if (v.name.trim().length < 2 || v.name.trim().length > 50) errors.name = t('form.nameRequired');
      for (const key of ['users', 'connections', 'queues'] as const) if (!wholeNumber(v[key])) errors[key] = t('form.number');
      if (!/^\d{1,8}([.,]\d{1,2})?$/.test(v.amount.trim())) errors.amount = t('form.amountInvalid');
      return errors;
    },
    onSubmit: async (v, helpers) => {
      const payload = {
        ...v,
        name: v.name.trim(),
        users: Number(v.users),
        connections: Number(v.connections),
        queues: Number(v.queues),
        amount: Number(v.amount.trim().replace(',', '.')),
      } as PlanInput;
      try {
        await savePlan(editing?.id ?? null, payload);
        toastSuccess(t('done'));
        setEditing(null);
        helpers.resetForm({ values: blank() });
        await refresh();
      } catch {
        toastError(t('saveError'));
      }
    },
  });
  const deletion = useDeleteConfirmation(async (plan: Plan) => {
    await deletePlan(plan.id);
    if (editing?.id === plan.id) stopEditing();
    await refresh();
  }, t('done'));

  function stopEditing() {
    setEditing(null);
    form.resetForm({ values: blank() });
  }

  return (
    <div data-testid="settings-plans">
      <form onSubmit={form.handleSubmit} noValidate className="st-plan-form">
        <div className="st-form-row">
          <TextField form={form} name="name" id="plan-name" label={t('form.name')} required />
          <TextField form={form} name="users" id="plan-users" label={t('form.users')} inputMode="numeric" />
          <TextField form={form} name="connections" id="plan-connections" label={t('form.connections')} inputMode="numeric" />
          <TextField form={form} name="queues" id="plan-queues" label={t('form.queues')} inputMode="numeric" />
          <TextField form={form} name="amount" id="plan-amount" label={t('form.amount')} inputMode="decimal" leftElement={<Tag minimal>R$</Tag>} />
        </div>
        <FormGroup label={t('form.flags')}>
          <div className="st-flags">
            <Checkbox id="plan-isPublic" label={t('form.isPublic')} checked={form.values.isPublic} onChange={(e) => void form.setFieldValue('isPublic', e.currentTarget.checked)} />
            {PlanFlags.map((flag) => (
              <Checkbox key={flag} id={`plan-${flag}`} label={t(`flags.${flag}`)} checked={form.values[flag]} onChange={(e) => void form.setFieldValue(flag, e.currentTarget.checked)} />
            ))}
            {ownFlags(declared.data).map((d) => (
              <Checkbox
                key={d.flag}
                id={`plan-${d.flag}`}
                label={declaredLabel(d, i18n.language)}
                checked={form.values.pluginFlags[d.flag] === true}
                onChange={(e) => void form.setFieldValue('pluginFlags', { ...form.values.pluginFlags, [d.flag]: e.currentTarget.checked })}
              />
            ))}
          </div>
        </FormGroup>
        <ButtonGroup>
          {editing && <Button text={t('cancel')} onClick={stopEditing} />}
          <Button type="submit" intent={Intent.PRIMARY} text={editing ? t('update') : t('add')} loading={form.isSubmitting} data-testid="plan-save" />
        </ButtonGroup>
      </form>
      {plans.isPending ? (
        <Spinner aria-label={t('loading')} />
      ) : plans.isError ? (
        <ErrorCard title={t('loadError')} error={plans.error} onRetry={() => void plans.refetch()} />
      ) : (
        <HTMLTable className="cx-table" striped aria-label={t('table.label')} data-testid="plans-table">
          <thead>
            <tr>
              <th>{t('form.name')}</th>
              <th>{t('form.users')}</th>
              <th>{t('form.connections')}</th>
              <th>{t('form.queues')}</th>
              <th>{t('form.amount')}</th>
              <th>{t('form.isPublic')}</th>
              <th>{t('table.modules')}</th>
              <th className="cx-actions">{t('table.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {plans.data.map((plan) => (
              <tr key={plan.id} data-testid="plan-row" data-plan-id={plan.id}>
                <td>{plan.name}</td>
                <td>{plan.users}</td>
                <td>{plan.connections}</td>
                <td>{plan.queues}</td>
                <td>{formatCurrency(plan.amount)}</td>
                <td>{plan.isPublic ? t('yes') : t('no')}</td>
                <td>{[...PlanFlags.filter((f) => plan[f]).map((f) => t(`flags.${f}`)), ...enabledOwnFlags(plan, declared.data, i18n.language)].join(', ') || '—'}</td>
                <RowActions
                  className="cx-actions"
                  label={t('table.rowActions', { name: plan.name })}
                  editLabel={t('edit')}
                  deleteLabel={t('delete')}
                  onEdit={() => {
                    setEditing(plan);
                    void form.setValues(toForm(plan), false);
                  }}
                  onDelete={() => deletion.ask(plan)}
                  testIdPrefix="plan"
                />
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <ConfirmDialog {...deletion.dialogProps} confirmLabel={t('delete')} />
    </div>
  );
}
