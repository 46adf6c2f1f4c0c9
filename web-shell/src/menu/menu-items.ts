import type { IconName } from '@blueprintjs/icons';
import type { PlanFlag, SessionUser } from '@guiche/contracts';

/** The facts about the user the side menu depends on. */
export type MenuUser = Pick<SessionUser, 'profile' | 'super' | 'showDashboard' | 'allowRealTime' | 'allowConnections'>;
export type PlanFlags = Partial<Record<PlanFlag | string, boolean>>;

/** Who may open a route, regardless of the plan (the message names it when someone else tries). */
export type Access = 'everyone' | 'admin' | 'super' | 'dashboard' | 'realTime' | 'connections';

export interface MenuItem {
  key: string;
  to: string;
  /** Further routes (react-router patterns) under the same rule, e.g. '/chats/:uuid'. */
  subPaths?: string[];
  /** Key in the "shell" namespace. */
  labelKey: string;
  icon: IconName;
  section: 'main' | 'admin';
  /** The profile the route needs (inbox.md §2, side menu table). */
  access: Access;
  /** Plan flag whose web module provides the page, if any. */
  planFlag?: PlanFlag;
  /** The item shows a warning badge while a connection needs attention. */
  connectionsBadge?: boolean;
}

const isAdmin = (u: MenuUser) => u.profile === 'admin';

/** The profile rule of each Access ("admin group" means profile admin, super users included). */
const ACCESS: Record<Access, (u: MenuUser) => boolean> = {
  everyone: () => true,
  admin: (u) => isAdmin(u) || u.super,
  super: (u) => u.super,
  // showDashboard / allowRealTime / allowConnections make a user an admin for the matching items.
  dashboard: (u) => isAdmin(u) || u.showDashboard,
  realTime: (u) => isAdmin(u) || u.allowRealTime,
  connections: (u) => isAdmin(u) || u.allowConnections,
};

/**
 * THE rule table: every private route with the profile and plan flag it needs. It drives the side
 * menu, the route guard (routing/RouteAccess.tsx) and the message shown when a route is refused.
 */
export const MENU_ITEMS: MenuItem[] = [
  { key: 'dashboard', to: '/', labelKey: 'menu.dashboard', icon: 'dashboard', section: 'main', access: 'dashboard' },
  { key: 'reports', to: '/reports', labelKey: 'menu.reports', icon: 'timeline-bar-chart', section: 'main', access: 'dashboard' },
  { key: 'moments', to: '/moments', labelKey: 'menu.moments', icon: 'grid-view', section: 'main', access: 'realTime' },
  { key: 'tickets', to: '/tickets', subPaths: ['/tickets/:uuid'], labelKey: 'menu.tickets', icon: 'chat', section: 'main', access: 'everyone' },
  { key: 'quickMessages', to: '/quick-messages', labelKey: 'menu.quickMessages', icon: 'flash', section: 'main', access: 'everyone' },
  { key: 'kanban', to: '/kanban', labelKey: 'menu.kanban', icon: 'column-layout', section: 'main', access: 'everyone', planFlag: 'useKanban' },
  { key: 'tagsKanban', to: '/TagsKanban', labelKey: 'menu.tagsKanban', icon: 'tag', section: 'main', access: 'everyone', planFlag: 'useKanban' },
  { key: 'contacts', to: '/contacts', labelKey: 'menu.contacts', icon: 'people', section: 'main', access: 'everyone' },
  { key: 'wallets', to: '/wallets', labelKey: 'menu.wallets', icon: 'briefcase', section: 'main', access: 'everyone' },
  { key: 'schedules', to: '/schedules', labelKey: 'menu.schedules', icon: 'calendar', section: 'main', access: 'everyone', planFlag: 'useSchedules' },
  { key: 'tags', to: '/tags', labelKey: 'menu.tags', icon: 'tag', section: 'main', access: 'everyone' },
  { key: 'chats', to: '/chats', subPaths: ['/chats/:uuid'], labelKey: 'menu.chats', icon: 'chat', section: 'main', access: 'everyone', planFlag: 'useInternalChat' },
  { key: 'helps', to: '/helps', labelKey: 'menu.helps', icon: 'help', section: 'main', access: 'everyone' },
  { key: 'campaigns', to: '/campaigns', subPaths: ['/campaign/:campaignId/report'], labelKey: 'menu.campaigns', icon: 'send-message', section: 'admin', access: 'everyone', planFlag: 'useCampaigns' },
  { key: 'contactLists', to: '/contact-lists', subPaths: ['/contact-lists/:contactListId/contacts'], labelKey: 'menu.contactLists', icon: 'list', section: 'admin', access: 'everyone', planFlag: 'useCampaigns' },
  { key: 'campaignsConfig', to: '/campaigns-config', labelKey: 'menu.campaignsConfig', icon: 'cog', section: 'admin', access: 'everyone', planFlag: 'useCampaigns' },
  { key: 'announcements', to: '/announcements', labelKey: 'menu.announcements', icon: 'notifications', section: 'admin', access: 'super' },
  { key: 'messagesApi', to: '/messages-api', subPaths: ['/messages-api/webhooks'], labelKey: 'menu.messagesApi', icon: 'code', section: 'admin', access: 'admin', planFlag: 'useExternalApi' },
  { key: 'plantao', to: '/plantao', labelKey: 'menu.plantao', icon: 'time', section: 'admin', access: 'admin' },
  { key: 'users', to: '/users', labelKey: 'menu.users', icon: 'people', section: 'admin', access: 'admin' },
  { key: 'queues', to: '/queues', labelKey: 'menu.queues', icon: 'flow-branch', section: 'admin', access: 'admin' },
  { key: 'queueIntegration', to: '/queue-integration', labelKey: 'menu.queueIntegration', icon: 'data-connection', section: 'admin', access: 'admin', planFlag: 'useIntegrations' },
  { key: 'files', to: '/files', labelKey: 'menu.files', icon: 'folder-open', section: 'admin', access: 'admin' },
  { key: 'flowBuilder', to: '/flowbuilder', subPaths: ['/flowbuilder/:flowId'], labelKey: 'menu.flowBuilder', icon: 'flow-linear', section: 'admin', access: 'admin', planFlag: 'useFlowBuilder' },
  { key: 'prompts', to: '/prompts', labelKey: 'menu.prompts', icon: 'predictive-analysis', section: 'admin', access: 'everyone', planFlag: 'useOpenAi' },
  { key: 'connections', to: '/connections', labelKey: 'menu.connections', icon: 'link', section: 'admin', access: 'connections', connectionsBadge: true },
  { key: 'financeiro', to: '/financeiro', labelKey: 'menu.financeiro', icon: 'dollar', section: 'admin', access: 'admin' },
  { key: 'closingReasons', to: '/closing-reasons', labelKey: 'menu.closingReasons', icon: 'tick-circle', section: 'admin', access: 'admin' },
  { key: 'sla', to: '/sla', labelKey: 'menu.sla', icon: 'stopwatch', section: 'admin', access: 'admin' },
  { key: 'settings', to: '/settings', labelKey: 'menu.settings', icon: 'settings', section: 'admin', access: 'admin' },
  { key: 'companies', to: '/companies', labelKey: 'menu.companies', icon: 'office', section: 'admin', access: 'super' },
  { key: 'audit', to: '/audit', labelKey: 'menu.audit', icon: 'history', section: 'admin', access: 'admin' },
];

/** True when the user's profile allows the item's route (the plan aside). */
export function profileAllows(item: MenuItem, user: MenuUser): boolean {
  return ACCESS[item.access](user);
}

/** True when the company's plan enables the item's module (or the item needs none). */
export function planAllows(item: MenuItem, flags: PlanFlags): boolean {
  return !item.planFlag || flags[item.planFlag] === true;
}

/** The rule of a location: the item whose route or sub-route matches the path (segment-wise). */
export function ruleFor(pathname: string): MenuItem | undefined {
  const segments = (p: string) => p.split('/').filter(Boolean);
  const path = segments(pathname);
  const matches = (pattern: string) => {
    const want = segments(pattern);
    return want.length === path.length && want.every((w, i) => w.startsWith(':') || w === path[i]);
  };
  return MENU_ITEMS.find((item) => [item.to, ...(item.subPaths ?? [])].some(matches));
}

/** Always last, always shown. */
export const LOGOUT_ITEM = { key: 'logout', labelKey: 'menu.logout', icon: 'log-out' as IconName };

/** The menu entries this user sees, in menu order (the logout item is not part of the list). */
export function visibleMenuItems(user: MenuUser, planFlags: PlanFlags): MenuItem[] {
  return MENU_ITEMS.filter((item) => profileAllows(item, user) && planAllows(item, planFlags));
}

/** Connection statuses that put a warning badge on the connections item. */
export const ATTENTION_STATUSES = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const;

export function connectionsNeedAttention(statuses: readonly string[]): boolean {
  return statuses.some((s) => (ATTENTION_STATUSES as readonly string[]).includes(s));
}
