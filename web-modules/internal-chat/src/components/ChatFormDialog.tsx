import { DialogBody, FormGroup, Intent } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { chatInputSchema, type Chat, type ChatInput } from '@guiche/contracts';
import { Dialog, FormDialogFooter, RecordMultiSelect, serverValidationErrors, TextField, useFocusAfterSave, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import type { UserOption } from '../api/chats-api';
import { useUserOptions } from '../hooks/useUserOptions';
import { NS } from '../i18n/register';
import { reportChatError } from '../lib/report-error';

interface FormValues {
  title: string;
  users: UserOption[];
}

interface Props {
  isOpen: boolean;
  /** The chat being edited; undefined for a new chat. */
  chat?: Chat;
  myUserId: number;
  onSubmit(input: ChatInput): Promise<Chat>;
  onSaved(chat: Chat): void;
  onClose(): void;
  /** Where the focus goes once a new chat's dialog has closed: its message box. */
  focusAfterCreate(): HTMLElement | null | undefined;
}

function initialValues(chat: Chat | undefined, myUserId: number): FormValues {
  if (!chat) return { title: '', users: [] };
  return {
    title: chat.title,
    users: chat.users.filter((member) => member.userId !== myUserId).map((member) => member.user),
  };
}

/** New / edit chat: a title and at least one other user (outreach-config.md §5). */
export function ChatFormDialog({ isOpen, chat, myUserId, onSubmit, onSaved, onClose, focusAfterCreate }: Props) {
  const { t } = useTranslation(NS);
  const focus = useFocusAfterSave();
  const { users, isLoading } = useUserOptions(myUserId, isOpen);
  const form = useFormik<FormValues>({
    initialValues: initialValues(chat, myUserId),
    enableReinitialize: true,
    validate: zodFormikValidate<FormValues>(chatInputSchema),
    onSubmit: async (values, helpers) => {
      try {
        const saved = await onSubmit({ title: values.title.trim(), users: values.users.map(({ id }) => ({ id })) });
        if (!chat) focus.leaveTo(focusAfterCreate);
        onSaved(saved);
      } catch (err) {
        const fieldErrors = serverValidationErrors<FormValues>(err);
        if (fieldErrors) helpers.setErrors(fieldErrors);
        else reportChatError(chat ? 'update chat' : 'create chat', err);
      }
    },
  });

  const usersError = form.touched.users ? (form.errors.users as string | undefined) : undefined;
  const incomplete = !form.values.title.trim() || form.values.users.length === 0;
  // The chosen members show at once, before the options load.
  const choices = [...users, ...form.values.users.filter((member) => !users.some((user) => user.id === member.id))];

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={chat ? t('dialog.editTitle') : t('dialog.newTitle')}
      icon="chat"
      {...focus.dialogProps}
      // Reset when it opens, not when the last one finished closing: a dialog reopened during the
      // previous close's transition would otherwise lose what was typed into it when that ends.
      onOpening={() => {
        focus.dialogProps.onOpening();
        form.resetForm();
      }}
    >
      <form onSubmit={form.handleSubmit} noValidate>
        <DialogBody>
          <TextField form={form} name="title" id="ic-chat-title" label={t('dialog.title')} autoFocus placeholder={t('dialog.titlePlaceholder')} />
          <FormGroup label={t('dialog.users')} labelFor="ic-chat-users" intent={usersError ? Intent.DANGER : Intent.NONE} helperText={usersError}>
            <RecordMultiSelect<UserOption>
              inputId="ic-chat-users"
              items={choices}
              selectedIds={form.values.users.map((user) => user.id)}
              loading={isLoading}
              placeholder={t('dialog.usersPlaceholder')}
              noResults={t('dialog.noUsers')}
              loadingText={t('dialog.usersLoading')}
              invalid={!!usersError}
              onChange={(ids) => {
                void form.setFieldValue('users', ids.map((id) => choices.find((user) => user.id === id)).filter((user) => user !== undefined));
                void form.setFieldTouched('users', true, false);
              }}
              onBlur={() => void form.setFieldTouched('users', true)}
            />
          </FormGroup>
        </DialogBody>
        <FormDialogFooter cancelLabel={t('actions.cancel')} saveLabel={t('actions.save')} saving={form.isSubmitting} saveDisabled={incomplete} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
