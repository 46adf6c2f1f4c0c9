import { ListTable, RowActions, useTranslation } from '@guiche/web-sdk';
import type { Prompt } from '@guiche/contracts';
import { NS } from '../i18n/register';

/** outreach-config.md §2: name, queue, max tokens, actions. */
export function PromptsTable({ prompts, onEdit, onDelete }: { prompts: Prompt[]; onEdit(p: Prompt): void; onDelete(p: Prompt): void }) {
  const { t } = useTranslation(NS);
  return (
    <ListTable ns={NS} testId="prompts-table" columns={[['table.name'], ['table.queue'], ['table.maxTokens'], ['table.actions', 'cx-actions']]}>
      {prompts.map((p) => (
        <tr key={p.id} data-testid="prompt-row" data-prompt-id={p.id}>
          <td>{p.name}</td>
          <td>{p.queue?.name ?? ''}</td>
          <td>{p.maxTokens}</td>
          <RowActions className="cx-actions" label={t('table.rowActions', { name: p.name })} editLabel={t('actions.edit')} deleteLabel={t('actions.delete')} onEdit={() => onEdit(p)} onDelete={() => onDelete(p)} testIdPrefix="prompt" />
        </tr>
      ))}
    </ListTable>
  );
}
