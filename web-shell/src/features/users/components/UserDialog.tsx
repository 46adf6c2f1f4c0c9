import { Button, Dialog, DialogBody, DialogFooter, FileInput, FormGroup, HTMLSelect, InputGroup, Intent, Switch, TextArea } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useEffect, useState } from 'react';
import { can, ErrorCard, LoadingState, serverValidationErrors, toastError, toastSuccess, useSession, useTranslation, zodFormikValidate, RecordMultiSelect } from '@guiche/web-sdk';
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
        const fieldErrors = serverValidationErrors<UserFormValues>(err);
        if (fieldErrors && Object.keys(fieldErrors).length) helpers.setErrors(fieldErrors);
        else toastError(err);
      }
    },
  });

  const shown = (field: keyof UserFormValues) => (form.touched[field] || form.submitCount > 0 ? (form.errors[field] as string | undefined) : undefined);
  const intentOf = (error: string | undefined) => (error ? Intent.DANGER : Intent.NONE);
  const text = (field: 'name' | 'email' | 'password', label: string, extra: { type?: string; autoFocus?: boolean; required?: boolean; helper?: string } = {}) => {
    const error = shown(field);
    const id = `user-${field}`;
    return (
      <FormGroup label={label} labelFor={id} labelInfo={extra.required ? '*' : undefined} intent={intentOf(error)} helperText={error ?? extra.helper}>
        <InputGroup
          id={id}
          name={field}
          type={field === 'password' ? (showPassword ? 'text' : 'password') : (extra.type ?? 'text')}
          autoFocus={extra.autoFocus}
          autoComplete={field === 'password' ? 'new-password' : 'off'}
          value={form.values[field]}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          intent={intentOf(error)}
          aria-invalid={!!error || undefined}
          rightElement={
            field === 'password' ? (
              <Button
                variant="minimal"
                icon={showPassword ? 'eye-off' : 'eye-open'}
                aria-label={showPassword ? t('dialog.hidePassword') : t('dialog.showPassword')}
                title={showPassword ? t('dialog.hidePassword') : t('dialog.showPassword')}
                onClick={() => setShowPassword((s) => !s)}
              />
            ) : undefined
          }
        />
      </FormGroup>
    );
  };
  const time = (field: 'startWork' | 'endWork', label: string) => {
    const error = shown(field);
    return (
      <FormGroup label={label} labelFor={`user-${field}`} intent={intentOf(error)} helperText={error}>
        <InputGroup
          id={`user-${field}`}
          name={field}
          type="time"
          step={WORK_TIME_STEP_SECONDS}
          value={form.values[field]}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          intent={intentOf(error)}
          aria-invalid={!!error || undefined}
        />
      </FormGroup>
    );
  };
  const toggle = (field: 'allowGroup' | 'showDashboard' | 'allowRealTime' | 'allowConnections', label: string) => (
    <Switch name={field} checked={form.values[field]} label={label} onChange={(e) => void form.setFieldValue(field, e.currentTarget.checked)} data-testid={`user-${field}`} />
  );
  const farewellError = shown('farewellMessage');
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
          {text('name', t('dialog.name'), { autoFocus: true, required: true })}
          {text('email', t('dialog.email'), { type: 'email', required: true })}
          {text('password', t('dialog.password'), { required: isNew, helper: isNew ? undefined : t('dialog.passwordKeep') })}
          {admin && (
            <FormGroup label={t('dialog.profile')} labelFor="user-profile">
              <HTMLSelect id="user-profile" name="profile" fill value={form.values.profile} onChange={form.handleChange}>
                <option value="user">{t('profiles.user')}</option>
                <option value="admin">{t('profiles.admin')}</option>
              </HTMLSelect>
            </FormGroup>
          )}
        </div>

        {admin && (
          <>
            <div className="us-section">{t('dialog.sectionWork')}</div>
            <div className="us-grid">
              {editQueues && (
                <FormGroup className="us-wide" label={t('dialog.queues')} labelFor="user-queues">
                  <RecordMultiSelect
                    inputId="user-queues"
                    items={queues.data ?? []}
                    selectedIds={form.values.queueIds}
                    loading={queues.isPending}
                    placeholder={t('dialog.queuesPlaceholder')}
                    noResults={queues.isError ? t('dialog.queuesError') : t('dialog.queuesNone')}
                    loadingText={t('dialog.loadingOptions')}
                    clearLabel={t('dialog.clear')}
                    onChange={(ids) => void form.setFieldValue('queueIds', ids)}
                    testId="user-queues"
                  />
                </FormGroup>
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
              <FormGroup label={t('dialog.allTicket')} labelFor="user-allTicket">
                <HTMLSelect id="user-allTicket" name="allTicket" fill value={form.values.allTicket} onChange={form.handleChange}>
                  <option value="enable">{t('dialog.enabled')}</option>
                  <option value="disable">{t('dialog.disabled')}</option>
                </HTMLSelect>
              </FormGroup>
              {time('startWork', t('dialog.startWork'))}
              {time('endWork', t('dialog.endWork'))}
              <div className="us-wide">{toggle('allowGroup', t('dialog.allowGroup'))}</div>
            </div>
          </>
        )}

        <FormGroup label={t('dialog.farewell')} labelFor="user-farewellMessage" intent={intentOf(farewellError)} helperText={farewellError ?? t('dialog.farewellHint')}>
          <TextArea
            id="user-farewellMessage"
            name="farewellMessage"
            fill
            rows={3}
            value={form.values.farewellMessage}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
            intent={intentOf(farewellError)}
          />
        </FormGroup>

        <div className="us-section">{t('dialog.sectionPreferences')}</div>
        <div className="us-grid">
          <FormGroup label={t('dialog.theme')} labelFor="user-defaultTheme">
            <HTMLSelect id="user-defaultTheme" name="defaultTheme" fill value={form.values.defaultTheme} onChange={form.handleChange}>
              <option value="light">{t('dialog.themeLight')}</option>
              <option value="dark">{t('dialog.themeDark')}</option>
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={t('dialog.menu')} labelFor="user-defaultMenu">
            <HTMLSelect id="user-defaultMenu" name="defaultMenu" fill value={form.values.defaultMenu} onChange={form.handleChange}>
              <option value="open">{t('dialog.menuOpen')}</option>
              <option value="closed">{t('dialog.menuClosed')}</option>
            </HTMLSelect>
          </FormGroup>
        </div>

        {admin && (
          <>
            <div className="us-section">{t('dialog.sectionPermissions')}</div>
            <div className="us-switches">
              {toggle('showDashboard', t('dialog.showDashboard'))}
              {toggle('allowRealTime', t('dialog.allowRealTime'))}
              {toggle('allowConnections', t('dialog.allowConnections'))}
            </div>
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('actions.cancel')} onClick={onClose} />
            <Button type="submit" intent={Intent.PRIMARY} text={t('actions.save')} loading={form.isSubmitting} data-testid="user-save" />
          </>
        }
      />
    </form>
  );
}
