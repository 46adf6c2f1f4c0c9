import { Button, Menu, MenuItem } from '@blueprintjs/core';
import { lazy, Suspense, useState } from 'react';
import { MenuPopover, useSession, useTranslation, publicUrl } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';

// The profile dialog (the users page's form) is fetched when first opened, not with every page.
const ProfileDialog = lazy(() => import('./ProfileDialog.js').then((m) => ({ default: m.ProfileDialog })));

export function UserMenu({ onLogout }: { onLogout(): void }) {
  const { t } = useTranslation(SHELL_NS);
  const { user } = useSession();
  const [profileOpen, setProfileOpen] = useState(false);
  const avatar = user?.profileImage ? <img src={publicUrl(user.profileImage) ?? undefined} alt="" className="avatar-img" /> : undefined;
  return (
    <>
      <MenuPopover
        placement="bottom-end"
        content={
          <Menu>
            <MenuItem icon="user" text={t('topBar.profile')} onClick={() => setProfileOpen(true)} />
            <MenuItem icon="log-out" text={t('topBar.logout')} onClick={onLogout} />
          </Menu>
        }
      >
        <Button minimal icon={avatar ?? 'user'} aria-label={user?.name ?? t('topBar.profile')} title={user?.name} />
      </MenuPopover>
      {profileOpen && (
        <Suspense fallback={null}>
          <ProfileDialog isOpen onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
