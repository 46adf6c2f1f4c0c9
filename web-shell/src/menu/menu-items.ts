import type { IconName } from '@blueprintjs/icons';
import type { PlanFlag, SessionUser } from '@guiche/contracts';

/** The facts about the user the side menu depends on. */
export type MenuUser = Pick<SessionUser, 'profile' | 'super' | 'showDashboard' | 'allowRealTime' | 'allowConnections'>;
export type PlanFlags = Partial<Record<PlanFlag | string, boolean>>;

export interface MenuItem {
  key: string;
  to: string;
  /** Key in the "shell" namespace. */
  labelKey: string;
  icon: IconName;
  section: 'main' | 'admin';
  /** When the item shows (inbox.md §2, side menu table). */
  visible(user: MenuUser, flags: PlanFlags): boolean;
  /** Plan flag whose web module provides the page, if any. */
  planFlag?: PlanFlag;
  /** The item shows a warning badge while a connection needs attention. */
  connectionsBadge?: boolean;
}

const isAdmin = (u: MenuUser) => u.profile === 'admin';
const everyone = () => true;
const flag = (name: PlanFlag) => (_u: MenuUser, f: PlanFlags) => f[name] === true;

/**
 * Every side-menu entry with its visibility rule. "admin group" means profile admin;
 * showDashboard / allowRealTime / allowConnections make a user an admin for the matching items.
 */
export const MENU_ITEMS: MenuItem[] = [
  { key: 'dashboard', to: '/', labelKey: 'menu.dashboard', icon: 'dashboard', section: 'main', visible: (u) => isAdmin(u) || u.showDashboard },
  { key: 'reports', to: '/reports', labelKey: 'menu.reports', icon: 'timeline-bar-chart', section: 'main', visible: (u) => isAdmin(u) || u.showDashboard },
  { key: 'moments', to: '/moments', labelKey: 'menu.moments', icon: 'grid-view', section: 'main', visible: (u) => isAdmin(u) || u.allowRealTime },
  { key: 'tickets', to: '/tickets', labelKey: 'menu.tickets', icon: 'chat', section: 'main', visible: everyone },
  { key: 'quickMessages', to: '/quick-messages', labelKey: 'menu.quickMessages', icon: 'flash', section: 'main', visible: everyone },
  { key: 'kanban', to: '/kanban', labelKey: 'menu.kanban', icon: 'column-layout', section: 'main', visible: flag('useKanban'), planFlag: 'useKanban' },
  { key: 'tagsKanban', to: '/TagsKanban', labelKey: 'menu.tagsKanban', icon: 'tag', section: 'main', visible: flag('useKanban'), planFlag: 'useKanban' },
  { key: 'contacts', to: '/contacts', labelKey: 'menu.contacts', icon: 'people', section: 'main', visible: everyone },
  { key: 'schedules', to: '/schedules', labelKey: 'menu.schedules', icon: 'calendar', section: 'main', visible: flag('useSchedules'), planFlag: 'useSchedules' },
  { key: 'tags', to: '/tags', labelKey: 'menu.tags', icon: 'tag', section: 'main', visible: everyone },
  { key: 'chats', to: '/chats', labelKey: 'menu.chats', icon: 'chat', section: 'main', visible: flag('useInternalChat'), planFlag: 'useInternalChat' },
  { key: 'helps', to: '/helps', labelKey: 'menu.helps', icon: 'help', section: 'main', visible: everyone },
  { key: 'campaigns', to: '/campaigns', labelKey: 'menu.campaigns', icon: 'send-message', section: 'admin', visible: flag('useCampaigns'), planFlag: 'useCampaigns' },
  { key: 'contactLists', to: '/contact-lists', labelKey: 'menu.contactLists', icon: 'list', section: 'admin', visible: flag('useCampaigns'), planFlag: 'useCampaigns' },
  { key: 'campaignsConfig', to: '/campaigns-config', labelKey: 'menu.campaignsConfig', icon: 'cog', section: 'admin', visible: flag('useCampaigns'), planFlag: 'useCampaigns' },
  { key: 'announcements', to: '/announcements', labelKey: 'menu.announcements', icon: 'notifications', section: 'admin', visible: (u) => u.super },
  { key: 'messagesApi', to: '/messages-api', labelKey: 'menu.messagesApi', icon: 'code', section: 'admin', visible: (u, f) => f.useExternalApi === true && isAdmin(u), planFlag: 'useExternalApi' },
  { key: 'plantao', to: '/plantao', labelKey: 'menu.plantao', icon: 'time', section: 'admin', visible: isAdmin },
  { key: 'users', to: '/users', labelKey: 'menu.users', icon: 'people', section: 'admin', visible: isAdmin },
  { key: 'queues', to: '/queues', labelKey: 'menu.queues', icon: 'flow-branch', section: 'admin', visible: isAdmin },
  { key: 'queueIntegration', to: '/queue-integration', labelKey: 'menu.queueIntegration', icon: 'data-connection', section: 'admin', visible: (u, f) => f.useIntegrations === true && isAdmin(u), planFlag: 'useIntegrations' },
  { key: 'files', to: '/files', labelKey: 'menu.files', icon: 'folder-open', section: 'admin', visible: isAdmin },
  { key: 'prompts', to: '/prompts', labelKey: 'menu.prompts', icon: 'predictive-analysis', section: 'admin', visible: flag('useOpenAi'), planFlag: 'useOpenAi' },
  { key: 'connections', to: '/connections', labelKey: 'menu.connections', icon: 'link', section: 'admin', visible: (u) => isAdmin(u) || u.allowConnections, connectionsBadge: true },
  { key: 'financeiro', to: '/financeiro', labelKey: 'menu.financeiro', icon: 'dollar', section: 'admin', visible: isAdmin },
  { key: 'settings', to: '/settings', labelKey: 'menu.settings', icon: 'settings', section: 'admin', visible: isAdmin },
  { key: 'companies', to: '/companies', labelKey: 'menu.companies', icon: 'office', section: 'admin', visible: (u) => u.super },
];

/** Always last, always shown. */
export const LOGOUT_ITEM = { key: 'logout', labelKey: 'menu.logout', icon: 'log-out' as IconName };

/** The menu entries this user sees, in menu order (the logout item is not part of the list). */
export function visibleMenuItems(user: MenuUser, planFlags: PlanFlags): MenuItem[] {
  return MENU_ITEMS.filter((item) => item.visible(user, planFlags));
}

/** Connection statuses that put a warning badge on the connections item. */
export const ATTENTION_STATUSES = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const;

export function connectionsNeedAttention(statuses: readonly string[]): boolean {
  return statuses.some((s) => (ATTENTION_STATUSES as readonly string[]).includes(s));
}
