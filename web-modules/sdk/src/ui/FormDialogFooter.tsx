import { Button, DialogFooter, Intent } from '@blueprintjs/core';

export interface FormDialogFooterProps {
  cancelLabel: string;
  saveLabel: string;
  /** The save button spins while the form submits. */
  saving: boolean;
  /** Save stays off until the form can be sent. */
  saveDisabled?: boolean;
  onCancel(): void;
  saveTestId?: string;
}

/** The footer of a dialog that wraps a <form>: Cancel, and Save as the submit button. */
export function FormDialogFooter({ cancelLabel, saveLabel, saving, saveDisabled, onCancel, saveTestId }: FormDialogFooterProps) {
  return (
    <DialogFooter
      actions={
        <>
          <Button text={cancelLabel} onClick={onCancel} />
          <Button type="submit" intent={Intent.PRIMARY} text={saveLabel} loading={saving} disabled={saveDisabled} data-testid={saveTestId} />
        </>
      }
    />
  );
}
