import { Intent, Tag } from '@blueprintjs/core';
import { ListTable, RowActions, useTranslation } from '@guiche/web-sdk';
import type { Schedule } from '@guiche/contracts';
import { NS } from '../i18n/register';
import { formatSendAt } from '../lib/sao-paulo-time';
import { bodyPreview } from '../lib/schedule-form';

interface Props {
  schedules: Schedule[];
  onEdit(schedule: Schedule): void;
  onDelete(schedule: Schedule): void;
}

const INTENT: Record<Schedule['status'], Intent> = { PENDENTE: Intent.WARNING, ENVIADA: Intent.SUCCESS, ERRO: Intent.DANGER, CANCELADA: Intent.NONE };

/** outreach-config.md §2: contact, body cut at 25, send at (DD/MM/YYYY HH:mm), status capitalised (with the error's reason), actions. */
export function SchedulesTable({ schedules, onEdit, onDelete }: Props) {
  const { t } = useTranslation(NS);
  return (
    <ListTable ns={NS} testId="schedules-table" columns={[['table.contact'], ['table.body'], ['table.sendAt'], ['table.status'], ['table.actions', 'cx-actions']]}>
      {schedules.map((s) => (
        <tr key={s.id} data-testid="schedule-row" data-schedule-id={s.id} data-status={s.status}>
          <td>{s.contact?.name ?? ''}</td>
          <td title={s.body}>{bodyPreview(s.body)}</td>
          <td>
            {formatSendAt(s.sendAt)}
            {s.repeat !== 'none' && (
              <Tag minimal round icon="repeat" style={{ marginLeft: 6 }}>
                {t(`repeat.${s.repeat}`)}
              </Tag>
            )}
          </td>
          <td>
            <Tag minimal intent={INTENT[s.status]} data-testid="schedule-status">
              {t(`status.${s.status}`)}
            </Tag>
            {s.error && (
              <div className="sc-error" data-testid="schedule-error">
                {t(`errors.${s.error}`, { ns: 'translation' })}
              </div>
            )}
          </td>
          <RowActions className="cx-actions" label={t('table.rowActions', { name: s.contact?.name ?? '' })} editLabel={t('actions.edit')} deleteLabel={t('actions.delete')} onEdit={() => onEdit(s)} onDelete={() => onDelete(s)} testIdPrefix="schedule" />
        </tr>
      ))}
    </ListTable>
  );
}
