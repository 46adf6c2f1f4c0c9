import { Button, Menu, MenuItem } from '@blueprintjs/core';
import { useState } from 'react';
import { MenuPopover, useSession, useTranslation, publicUrl } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';
import { ProfileDialog } from './ProfileDialog.js';

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
      {profileOpen && <ProfileDialog isOpen onClose={() => setProfileOpen(false)} />}
    </>
  );
}
