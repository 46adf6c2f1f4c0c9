import { Button, type Intent } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import type { ReactNode } from 'react';

export interface RowButtonProps {
  icon: IconName;
  /** The button's accessible name and tooltip. */
  label: string;
  onClick(): void;
  intent?: Intent;
  disabled?: boolean;
  /** The tooltip when it differs from the label (e.g. why the button is disabled). */
  title?: string;
  testId?: string;
}

/** One icon button of a table row's actions. */
export function RowButton({ icon, label, onClick, intent, disabled, title, testId }: RowButtonProps) {
  return <Button icon={icon} variant="minimal" intent={intent} disabled={disabled} aria-label={label} title={title ?? label} onClick={onClick} data-testid={testId} />;
}

export interface RowActionsProps {
  /** The cell's accessible name, e.g. 'Actions for tag Urgent'. */
  label: string;
  editLabel: string;
  deleteLabel: string;
  onEdit(): void;
  /** Without it, no delete button (the viewer may not delete). */
  onDelete?(): void;
  /** 'tag' gives the buttons the test ids tag-edit and tag-delete. */
  testIdPrefix: string;
  className?: string;
  /** false: the cell stays empty (the viewer may not change this row). */
  enabled?: boolean;
  deleteDisabled?: boolean;
  /** The delete button's tooltip when it differs from its label (e.g. why it is disabled). */
  deleteTitle?: string;
  /** More RowButtons before edit. */
  leading?: ReactNode;
  /** More RowButtons between edit and delete. */
  children?: ReactNode;
}

/** The last cell of a table row: edit and delete icon buttons, with the row's other actions. */
export function RowActions({ label, editLabel, deleteLabel, onEdit, onDelete, testIdPrefix, className, enabled = true, deleteDisabled, deleteTitle, leading, children }: RowActionsProps) {
  return (
    <td className={className} role="group" aria-label={label}>
      {enabled && (
        <>
          {leading}
          <RowButton icon="edit" label={editLabel} onClick={onEdit} testId={`${testIdPrefix}-edit`} />
          {children}
          {onDelete && <RowButton icon="trash" intent="danger" disabled={deleteDisabled} label={deleteLabel} title={deleteTitle} onClick={onDelete} testId={`${testIdPrefix}-delete`} />}
        </>
      )}
    </td>
  );
}
