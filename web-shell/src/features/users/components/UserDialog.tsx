import { Button, DialogBody, FileInput, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useEffect, useState } from 'react';
import { can, Dialog, ErrorCard, FormDialogFooter, LoadingState, RecordsField, SelectField, showSubmitError, SwitchField, TextAreaField, TextField, toastError, toastSuccess, useSession, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { useConnectionOptions, useQueueOptions, useQueueOptionEvents, useUser, useUserMutations } from '../hooks/useUsers.js';
import { NS } from '../i18n/register.js';
import { userFormSchema, userFormValues, userPayload, WORK_TIME_STEP_SECONDS, type UserFormValues } from '../lib/user-form.js';
import type { CompanyUser } from '../lib/user-types.js';
import { UserAvatar } from './UserAvatar.js';
import './users.css';

interface Props {
  isOpen: boolean;
  /** null: a new user. */
  userId: number | null;
  /** The top bar's "Perfil": the same form, titled as the user's own profile. */
  ownProfile?: boolean;
  onClose(): void;
  onSaved?(user: CompanyUser): void;
}

/**
 * The user dialog (account-admin.md §2 User dialog, §5, §6, §9). Everyone edits name, e-mail,
 * password, farewell message, theme, menu and picture; only admins see and change the profile,
 * queues, default connection, work hours, allTicket, allowGroup and the menu permissions.
 */
export function UserDialog({ isOpen, userId, ownProfile, onClose, onSaved }: Props) {
  const { t } = useTranslation(NS);
  const isNew = userId === null;
  const existing = useUser(isOpen ? userId : null);
  const title = ownProfile ? t('dialog.profileTitle') : isNew ? t('dialog.newTitle') : t('dialog.editTitle');

  let body;
  if (!isNew && existing.status === 'pending') body = <DialogBody><LoadingState label={t('dialog.loading')} /></DialogBody>;
  else if (!isNew && existing.status === 'error') body = <DialogBody><ErrorCard message={t('dialog.loadError')} error={existing.error} onRetry={() => void existing.refetch()} /></DialogBody>;
  else body = <UserForm key={userId ?? 'new'} user={isNew ? undefined : existing.data} onClose={onClose} onSaved={onSaved} />;

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} icon="user" style={{ width: 760, maxWidth: '96vw' }} data-testid="user-dialog">
      {body}
    </Dialog>
  );
}

function UserForm({ user, onClose, onSaved }: { user: CompanyUser | undefined; onClose(): void; onSaved?(user: CompanyUser): void }) {
  const { t } = useTranslation(NS);
  const { user: me, refresh } = useSession();
  const isNew = !user;
  const admin = can(me, 'user-modal:editProfile');
  const editQueues = can(me, 'user-modal:editQueues');
  const queues = useQueueOptions(editQueues);
  const connections = useConnectionOptions(admin);
  useQueueOptionEvents();
  const { save } = useUserMutations();
  const [showPassword, setShowPassword] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!image) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const form = useFormik<UserFormValues>({
    initialValues: userFormValues(user),
    validate: zodFormikValidate<UserFormValues>(userFormSchema(isNew)),
    onSubmit: async (values, helpers) => {
      try {
        const { user: saved, created, imageError } = await save.mutateAsync({ id: user?.id ?? null, payload: userPayload(values, { isNew, admin }), image });
        if (imageError) toastError(imageError);
        toastSuccess(created ? t('dialog.created') : t('dialog.saved'));
        // The top bar, theme and menu follow the user's own record.
        if (saved.id === me?.id) await refresh().catch(() => undefined);
        onSaved?.(saved);
        onClose();
      } catch (err) {
        showSubmitError(err, helpers.setErrors);
      }
    },
  });

  const queuesTexts = { placeholder: t('dialog.queuesPlaceholder'), none: t('dialog.queuesNone'), loadError: t('dialog.queuesError'), loading: t('dialog.loadingOptions'), clear: t('dialog.clear') };
  const passwordToggle = showPassword ? t('dialog.hidePassword') : t('dialog.showPassword');
  const passwordInput = {
    type: showPassword ? 'text' : 'password',
    rightElement: <Button variant="minimal" icon={showPassword ? 'eye-off' : 'eye-open'} aria-label={passwordToggle} title={passwordToggle} onClick={() => setShowPassword((s) => !s)} />,
  };
  const currentName = form.values.name.trim() || user?.name || '';

  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <DialogBody>
        <div className="us-photo">
          <UserAvatar name={currentName} path={preview ?? user?.profileImage} size={56} />
          <FileInput
            text={image ? image.name : t('dialog.photoNone')}
            buttonText={t('dialog.photoChoose')}
            inputProps={{ accept: 'image/*', 'aria-label': t('dialog.photo'), ...({ 'data-testid': 'user-photo' } as object) }}
            onInputChange={(e) => setImage(e.currentTarget.files?.[0] ?? null)}
          />
        </div>

        <div className="us-section">{t('dialog.sectionAccount')}</div>
        <div className="us-grid">
          <TextField form={form} name="name" id="user-name" label={t('dialog.name')} required autoFocus autoComplete="off" />
          <TextField form={form} name="email" id="user-email" label={t('dialog.email')} required type="email" autoComplete="off" />
          <TextField form={form} name="password" id="user-password" label={t('dialog.password')} required={isNew} hint={isNew ? undefined : t('dialog.passwordKeep')} autoComplete="new-password" {...passwordInput} />
          {admin && <SelectField form={form} name="profile" id="user-profile" label={t('dialog.profile')} options={[['user', t('profiles.user')], ['admin', t('profiles.admin')]]} />}
        </div>

        {admin && (
          <>
            <div className="us-section">{t('dialog.sectionWork')}</div>
            <div className="us-grid">
              {editQueues && (
                <RecordsField groupClassName="us-wide" form={form} name="queueIds" id="user-queues" label={t('dialog.queues')} choices={queues} texts={queuesTexts} />
              )}
              <FormGroup label={t('dialog.connection')} labelFor="user-whatsappId" helperText={connections.isError ? t('dialog.connectionsError') : undefined}>
                <HTMLSelect
                  id="user-whatsappId"
                  fill
                  value={form.values.whatsappId ?? ''}
                  onChange={(e) => void form.setFieldValue('whatsappId', e.currentTarget.value ? Number(e.currentTarget.value) : null)}
                >
                  <option value="">{t('dialog.connectionNone')}</option>
                  {(connections.data ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
              <SelectField form={form} name="allTicket" id="user-allTicket" label={t('dialog.allTicket')} options={[['enable', t('dialog.enabled')], ['disable', t('dialog.disabled')]]} />
              <TextField form={form} name="startWork" id="user-startWork" label={t('dialog.startWork')} type="time" step={WORK_TIME_STEP_SECONDS} />
              <TextField form={form} name="endWork" id="user-endWork" label={t('dialog.endWork')} type="time" step={WORK_TIME_STEP_SECONDS} />
              <div className="us-wide">
                <SwitchField form={form} name="allowGroup" label={t('dialog.allowGroup')} testId="user-allowGroup" />
              </div>
            </div>
          </>
        )}

        <TextAreaField form={form} name="farewellMessage" id="user-farewellMessage" label={t('dialog.farewell')} rows={3} hint={t('dialog.farewellHint')} />

        <div className="us-section">{t('dialog.sectionPreferences')}</div>
        <div className="us-grid">
          <SelectField form={form} name="defaultTheme" id="user-defaultTheme" label={t('dialog.theme')} options={[['light', t('dialog.themeLight')], ['dark', t('dialog.themeDark')]]} />
          <SelectField form={form} name="defaultMenu" id="user-defaultMenu" label={t('dialog.menu')} options={[['open', t('dialog.menuOpen')], ['closed', t('dialog.menuClosed')]]} />
        </div>

        {admin && (
          <>
            <div className="us-section">{t('dialog.sectionPermissions')}</div>
            <div className="us-switches">
              <SwitchField form={form} name="showDashboard" label={t('dialog.showDashboard')} testId="user-showDashboard" />
              <SwitchField form={form} name="allowRealTime" label={t('dialog.allowRealTime')} testId="user-allowRealTime" />
              <SwitchField form={form} name="allowConnections" label={t('dialog.allowConnections')} testId="user-allowConnections" />
            </div>
          </>
        )}
      </DialogBody>
      <FormDialogFooter cancelLabel={t('actions.cancel')} saveLabel={t('actions.save')} saving={form.isSubmitting} onCancel={onClose} saveTestId="user-save" />
    </form>
  );
}
