import { HTMLSelect } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { ChangeEventHandler } from 'react';
import { useTranslation } from '@guiche/web-sdk';
import { fetchOwnerOptions } from '../api/contacts-api.js';
import { NS } from '../i18n/register.js';

interface Props {
  id: string;
  name?: string;
  /** The owner's user id as a string; '' is "no owner". */
  value: string;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** The wallet owner picker (issue #33) of the contact dialog and the bulk wallet change: the company's agents, or none. */
export function OwnerSelect({ id, name, value, onChange, disabled = false, autoFocus }: Props) {
  const { t } = useTranslation(NS);
  const owners = useQuery({ queryKey: ['contacts', 'owner-options'], queryFn: fetchOwnerOptions });
  return (
    <HTMLSelect id={id} name={name} value={value} onChange={onChange} disabled={disabled || owners.isPending} fill autoFocus={autoFocus}>
      <option value="">{owners.isPending ? t('dialog.ownerLoading') : t('dialog.ownerNone')}</option>
      {owners.data?.map((u) => (
        <option key={u.id} value={String(u.id)}>
          {u.name}
        </option>
      ))}
    </HTMLSelect>
  );
}
