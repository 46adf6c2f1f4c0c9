import { Classes, Position } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Drawer, useSession, useTranslation } from '@guiche/web-sdk';
import { useWebModules } from '../modules/WebModulesProvider.js';
import { useLoggedInElsewhere } from '../session/useLoggedInElsewhere.js';
import { useVersionCheck } from '../version/useVersionCheck.js';
import { menuEntries } from './menu-entries.js';
import { ConnectionBanner } from './ConnectionBanner.js';
import { ConnectionAlertBanner } from './ConnectionAlertBanner.js';
import { SideMenu } from './SideMenu.js';
import { TopBar } from './TopBar.js';
import { useNarrowScreen } from './useNarrowScreen.js';

export const DRAWER_WIDTH_PX = 276;

export function Layout() {
  const { t } = useTranslation();
  const { user, planFlags, logout } = useSession();
  const { modules } = useWebModules();
  const navigate = useNavigate();
  const narrow = useNarrowScreen();
  const [open, setOpen] = useState(user?.defaultMenu !== 'closed');

  useVersionCheck();
  useLoggedInElsewhere();

  useEffect(() => setOpen(narrow ? false : user?.defaultMenu !== 'closed'), [user?.defaultMenu, narrow]);

  // The theme class sits on <body> so dialogs and popovers (portals) follow it too.
  const dark = user?.defaultTheme === 'dark';
  useEffect(() => {
    document.body.classList.toggle(Classes.DARK, dark);
    return () => document.body.classList.remove(Classes.DARK);
  }, [dark]);

  const entries = useMemo(
    () => (user ? menuEntries(user, planFlags, modules, (key) => t(key)) : []),
    [user, planFlags, modules, t],
  );

  const leave = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  const menu = (collapsed: boolean) => (
    <SideMenu entries={entries} collapsed={collapsed} connectionsWarning={false} onNavigate={narrow ? () => setOpen(false) : undefined} onLogout={() => void leave()} />
  );

  return (
    <div className="layout">
      <TopBar menuOpen={open} onToggleMenu={() => setOpen((o) => !o)} onLogout={() => void leave()} />
      <ConnectionBanner />
      <ConnectionAlertBanner />
      <div className="layout-body">
        {narrow ? (
          <Drawer isOpen={open} onClose={() => setOpen(false)} position={Position.LEFT} size={DRAWER_WIDTH_PX} title={t('shell:app.name')} className="drawer-temporary">
            {menu(false)}
          </Drawer>
        ) : (
          <aside className={open ? 'drawer drawer-open' : 'drawer drawer-closed'} style={{ width: open ? DRAWER_WIDTH_PX : 56 }}>
            {menu(!open)}
          </aside>
        )}
        <main className="content" id="content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
