import { Alignment, Button, Navbar, NavbarDivider, NavbarGroup } from '@blueprintjs/core';
import { useSession, useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';
import { useWebModules } from '../modules/WebModulesProvider.js';
import { DueDate } from './DueDate.js';
import { LanguageMenu } from './LanguageMenu.js';
import { NotificationsPopover } from './NotificationsPopover.js';
import { AnnouncementsPopover } from '../features/announcements/index.js';
import { UserMenu } from './UserMenu.js';
import { SlaBreachNotices } from '../features/sla/components/SlaBreachNotices.js';
import { VolumeControl } from './VolumeControl.js';
import { ModuleBoundary } from '../modules/ModuleBoundary.js';

export function TopBar({ menuOpen, onToggleMenu, onLogout }: { menuOpen: boolean; onToggleMenu(): void; onLogout(): void }) {
  const { t } = useTranslation(SHELL_NS);
  const { user, subscriptionExpired } = useSession();
  const { modules } = useWebModules();
  if (!user) return null;
  const topBarItems = modules.flatMap((m) => (m.status === 'ready' ? (m.module.topBar ?? []).map((C, i) => ({ key: `${m.descriptor.id}:${i}`, C, id: m.descriptor.id })) : []));

  return (
    <Navbar className="top-bar" fixedToTop={false}>
      <NavbarGroup align={Alignment.START} className="top-bar-start">
        <Button minimal icon="menu" aria-label={menuOpen ? t('menu.closeMenu') : t('menu.openMenu')} aria-expanded={menuOpen} onClick={onToggleMenu} />
        <NavbarDivider />
        <span className="greeting">
          {t('topBar.greeting', { name: user.name, company: user.company?.name ?? '' })}{' '}
          {user.profile === 'admin' && <DueDate dueDate={user.company?.dueDate ?? null} />}
        </span>
      </NavbarGroup>
      <NavbarGroup align={Alignment.END} className="top-bar-end">
        {topBarItems.map(({ key, C, id }) => (
          <ModuleBoundary key={key} moduleId={id} compact>
            <C />
          </ModuleBoundary>
        ))}
        <VolumeControl />
        <Button minimal icon="refresh" aria-label={t('topBar.refresh')} title={t('topBar.refresh')} onClick={() => window.location.reload()} />
        {/* An expired company's API answers only its billing (issue #9): these wait until it pays. */}
        {!subscriptionExpired && <NotificationsPopover />}
        {!subscriptionExpired && <AnnouncementsPopover />}
        {!subscriptionExpired && <SlaBreachNotices />}
        <LanguageMenu />
        <UserMenu onLogout={onLogout} />
      </NavbarGroup>
    </Navbar>
  );
}
