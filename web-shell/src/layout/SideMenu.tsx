import { Icon, Intent, Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { useSession, useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';
import { LOGOUT_ITEM } from '../menu/menu-items.js';
import { useConnectionsAttention } from '../features/connections/hooks/useConnectionsAttention.js';
import type { MenuEntry } from './menu-entries.js';

export interface SideMenuProps {
  entries: MenuEntry[];
  /** Icons only (the closed state of the persistent drawer). */
  collapsed: boolean;
  /** Forces the connections warning on; otherwise it follows the company's connections live. */
  connectionsWarning?: boolean;
  onNavigate?(): void;
  onLogout(): void;
}

export function SideMenu({ entries, collapsed, connectionsWarning, onNavigate, onLogout }: SideMenuProps) {
  const { t } = useTranslation(SHELL_NS);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const main = entries.filter((e) => e.section === 'main');
  const admin = entries.filter((e) => e.section === 'admin');
  const { subscriptionExpired } = useSession();
  // Only users who see the connections item (admins, allowConnections) load the connections; an
  // expired company's API answers only its billing.
  const attention = useConnectionsAttention(!subscriptionExpired && entries.some((e) => e.connectionsBadge));

  const item = (e: MenuEntry) => {
    const active = e.to === '/' ? pathname === '/' : !!matchPath({ path: e.to, end: false }, pathname);
    const warn = e.connectionsBadge && (connectionsWarning || attention);
    return (
      <MenuItem
        key={e.key}
        href={e.to}
        icon={e.icon}
        text={collapsed ? undefined : e.label}
        aria-label={e.label}
        htmlTitle={collapsed ? e.label : undefined}
        active={active}
        labelElement={warn ? <Icon icon="warning-sign" intent={Intent.WARNING} title={t('menu.connectionsAttention')} aria-label={t('menu.connectionsAttention')} data-testid="connections-badge" /> : undefined}
        onClick={(ev: React.MouseEvent) => {
          ev.preventDefault();
          navigate(e.to);
          onNavigate?.();
        }}
      />
    );
  };

  return (
    <nav aria-label={t('app.name')} className="side-menu">
      <Menu large>
        {main.map(item)}
        {admin.length > 0 && <MenuDivider title={collapsed ? undefined : t('menu.administration')} />}
        {admin.map(item)}
        <MenuDivider />
        <MenuItem icon={LOGOUT_ITEM.icon} text={collapsed ? undefined : t(LOGOUT_ITEM.labelKey)} aria-label={t(LOGOUT_ITEM.labelKey)} onClick={onLogout} />
      </Menu>
    </nav>
  );
}
