import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { chatInputSchema, type Chat, type ChatInput } from '@guiche/contracts';
import { serverValidationErrors, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import type { UserOption } from '../api/chats-api';
import { useUserOptions } from '../hooks/useUserOptions';
import { NS } from '../i18n/register';
import { reportChatError } from '../lib/report-error';
import { UserMultiSelect } from './UserMultiSelect';

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
}

function initialValues(chat: Chat | undefined, myUserId: number): FormValues {
  if (!chat) return { title: '', users: [] };
  return {
    title: chat.title,
    users: chat.users.filter((member) => member.userId !== myUserId).map((member) => member.user),
  };
}

/** New / edit chat: a title and at least one other user (outreach-config.md §5). */
export function ChatFormDialog({ isOpen, chat, myUserId, onSubmit, onSaved, onClose }: Props) {
  const { t } = useTranslation(NS);
  const { users, isLoading } = useUserOptions(myUserId, isOpen);
  const form = useFormik<FormValues>({
    initialValues: initialValues(chat, myUserId),
    enableReinitialize: true,
    validate: zodFormikValidate<FormValues>(chatInputSchema),
    onSubmit: async (values, helpers) => {
      try {
        const saved = await onSubmit({ title: values.title.trim(), users: values.users.map(({ id }) => ({ id })) });
        onSaved(saved);
      } catch (err) {
        const fieldErrors = serverValidationErrors<FormValues>(err);
        if (fieldErrors) helpers.setErrors(fieldErrors);
        else reportChatError(chat ? 'update chat' : 'create chat', err);
      }
    },
  });

  const titleError = form.touched.title ? form.errors.title : undefined;
  const usersError = form.touched.users ? (form.errors.users as string | undefined) : undefined;
  const incomplete = !form.values.title.trim() || form.values.users.length === 0;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={chat ? t('dialog.editTitle') : t('dialog.newTitle')}
      icon="chat"
      onClosed={() => form.resetForm()}
    >
      <form onSubmit={form.handleSubmit} noValidate>
        <DialogBody>
          <FormGroup label={t('dialog.title')} labelFor="ic-chat-title" intent={titleError ? Intent.DANGER : Intent.NONE} helperText={titleError}>
            <InputGroup
              id="ic-chat-title"
              name="title"
              autoFocus
              placeholder={t('dialog.titlePlaceholder')}
              value={form.values.title}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
              intent={titleError ? Intent.DANGER : Intent.NONE}
              aria-invalid={!!titleError || undefined}
            />
          </FormGroup>
          <FormGroup label={t('dialog.users')} labelFor="ic-chat-users" intent={usersError ? Intent.DANGER : Intent.NONE} helperText={usersError}>
            <UserMultiSelect
              id="ic-chat-users"
              users={users}
              selected={form.values.users}
              loading={isLoading}
              invalid={!!usersError}
              onChange={(selected) => {
                void form.setFieldValue('users', selected);
                void form.setFieldTouched('users', true, false);
              }}
              onBlur={() => void form.setFieldTouched('users', true)}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('actions.cancel')} onClick={onClose} />
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                text={t('actions.save')}
                loading={form.isSubmitting}
                disabled={incomplete}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
