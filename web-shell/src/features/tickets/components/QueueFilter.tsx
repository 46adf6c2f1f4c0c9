import { Button, Checkbox, Menu, MenuDivider } from '@blueprintjs/core';
import { MenuPopover, useTranslation } from '@guiche/web-sdk';
import type { QueueOption } from '../api/types.js';
import { NO_QUEUE_ID } from '../lib/ticket-filters.js';
import { TICKETS_NS } from '../i18n/register.js';

interface Props {
  queues: QueueOption[];
  selected: number[];
  onChange(selected: number[]): void;
}

/** The queue multi-select of the list header, 'Sem fila' included (inbox.md §2). */
export function QueueFilter({ queues, selected, onChange }: Props) {
  const { t } = useTranslation(TICKETS_NS);
  const options = [...queues.map((q) => ({ id: q.id, name: q.name, color: q.color })), { id: NO_QUEUE_ID, name: t('list.noQueue'), color: '#8f99a8' }];
  const allIds = options.map((o) => o.id);
  const all = allIds.every((id) => selected.includes(id));
  const toggle = (id: number, on: boolean) => onChange(on ? [...selected, id] : selected.filter((s) => s !== id));
  const label = all ? t('list.allQueues') : t('list.queuesSelected', { count: selected.length });

  return (
    <MenuPopover
      placement="bottom-start"
      content={
        <Menu className="tk-queue-filter" aria-label={t('list.queues')}>
          <li className="tk-queue-filter__item">
            <Checkbox checked={all} indeterminate={!all && selected.length > 0} label={t('list.allQueues')} onChange={(e) => onChange(e.currentTarget.checked ? allIds : [])} />
          </li>
          <MenuDivider />
          {options.map((o) => (
            <li key={o.id} className="tk-queue-filter__item">
              <Checkbox
                checked={selected.includes(o.id)}
                onChange={(e) => toggle(o.id, e.currentTarget.checked)}
                labelElement={
                  <span>
                    <span className="tk-dot" style={{ background: o.color }} aria-hidden="true" /> {o.name}
                  </span>
                }
              />
            </li>
          ))}
        </Menu>
      }
    >
      <Button icon="filter" endIcon="caret-down" text={label} variant="outlined" size="small" data-testid="queue-filter" aria-label={`${t('list.queues')}: ${label}`} />
    </MenuPopover>
  );
}
