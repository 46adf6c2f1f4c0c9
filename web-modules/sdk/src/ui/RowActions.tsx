import { Button, Intent } from '@blueprintjs/core';

export interface RowActionsProps {
  /** The cell's accessible name, e.g. 'Actions for tag Urgent'. */
  label: string;
  editLabel: string;
  deleteLabel: string;
  onEdit(): void;
  onDelete(): void;
  /** 'tag' gives the buttons the test ids tag-edit and tag-delete. */
  testIdPrefix: string;
  className?: string;
  /** false: the cell stays empty (the viewer may not change this row). */
  enabled?: boolean;
  deleteDisabled?: boolean;
  /** The delete button's tooltip when it differs from its label (e.g. why it is disabled). */
  deleteTitle?: string;
}

/** The last cell of a table row: edit and delete icon buttons. */
export function RowActions({ label, editLabel, deleteLabel, onEdit, onDelete, testIdPrefix, className, enabled = true, deleteDisabled, deleteTitle }: RowActionsProps) {
  return (
    <td className={className} role="group" aria-label={label}>
      {enabled && (
        <>
          <Button icon="edit" variant="minimal" aria-label={editLabel} title={editLabel} onClick={onEdit} data-testid={`${testIdPrefix}-edit`} />
          <Button
            icon="trash"
            variant="minimal"
            intent={Intent.DANGER}
            disabled={deleteDisabled}
            aria-label={deleteLabel}
            title={deleteTitle ?? deleteLabel}
            onClick={onDelete}
            data-testid={`${testIdPrefix}-delete`}
          />
        </>
      )}
    </td>
  );
}
