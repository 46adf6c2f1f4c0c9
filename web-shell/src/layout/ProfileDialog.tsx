import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { api, toastError, toastSuccess, useSession, useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';

/** The user's own appearance preferences (PUT /users/{id}); the full user dialog comes with /users. */
export function ProfileDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation(SHELL_NS);
  const { user, setUser } = useSession();
  const [theme, setTheme] = useState(user?.defaultTheme ?? 'light');
  const [menu, setMenu] = useState(user?.defaultMenu ?? 'open');
  const [saving, setSaving] = useState(false);
  if (!user) return null;

  const save = async () => {
    setSaving(true);
    try {
      await api.put(`/users/${user.id}`, { defaultTheme: theme, defaultMenu: menu });
      setUser({ ...user, defaultTheme: theme, defaultMenu: menu });
      toastSuccess(t('profile.saved'));
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('profile.title')} icon="user">
      <DialogBody>
        <FormGroup label={t('profile.name')} labelFor="profile-name">
          <InputGroup id="profile-name" value={user.name} readOnly />
        </FormGroup>
        <FormGroup label={t('profile.email')} labelFor="profile-email">
          <InputGroup id="profile-email" value={user.email} readOnly />
        </FormGroup>
        <FormGroup label={t('profile.theme')} labelFor="profile-theme">
          <HTMLSelect id="profile-theme" fill value={theme} onChange={(e) => setTheme(e.currentTarget.value as 'light' | 'dark')}>
            <option value="light">{t('profile.themeLight')}</option>
            <option value="dark">{t('profile.themeDark')}</option>
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('profile.menu')} labelFor="profile-menu">
          <HTMLSelect id="profile-menu" fill value={menu} onChange={(e) => setMenu(e.currentTarget.value as 'open' | 'closed')}>
            <option value="open">{t('profile.menuOpen')}</option>
            <option value="closed">{t('profile.menuClosed')}</option>
          </HTMLSelect>
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel', { ns: 'translation' })} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text={t('common.save', { ns: 'translation' })} loading={saving} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}
