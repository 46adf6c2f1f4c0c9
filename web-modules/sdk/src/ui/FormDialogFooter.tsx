import { Button, DialogFooter, Intent } from '@blueprintjs/core';

export interface FormDialogFooterProps {
  cancelLabel: string;
  saveLabel: string;
  /** The save button spins while the form submits. */
  saving: boolean;
  onCancel(): void;
  saveTestId?: string;
}

/** The footer of a dialog that wraps a <form>: Cancel, and Save as the submit button. */
export function FormDialogFooter({ cancelLabel, saveLabel, saving, onCancel, saveTestId }: FormDialogFooterProps) {
  return (
    <DialogFooter
      actions={
        <>
          <Button text={cancelLabel} onClick={onCancel} />
          <Button type="submit" intent={Intent.PRIMARY} text={saveLabel} loading={saving} data-testid={saveTestId} />
        </>
      }
    />
  );
}
