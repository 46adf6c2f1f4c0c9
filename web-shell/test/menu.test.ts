import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { connectionsNeedAttention, MENU_ITEMS, planAllows, profileAllows, ruleFor, visibleMenuItems, type MenuUser } from '../src/menu/menu-items.js';

const plainUser: MenuUser = { profile: 'user', super: false, showDashboard: false, allowRealTime: false, allowConnections: false };
const admin: MenuUser = { ...plainUser, profile: 'admin' };
const superAdmin: MenuUser = { ...admin, super: true };
const noFlags = {};
const allFlags = { useKanban: true, useSchedules: true, useInternalChat: true, useCampaigns: true, useExternalApi: true, useOpenAi: true, useIntegrations: true, useFlowBuilder: true };

const paths = (user: MenuUser, flags: Record<string, boolean>) => visibleMenuItems(user, flags).map((i) => i.to);

describe('visibleMenuItems (inbox.md §2 side menu table)', () => {
  it('gives a plain user without plan modules only the items for everyone', () => {
    expect(paths(plainUser, noFlags)).toEqual(['/tickets', '/quick-messages', '/contacts', '/wallets', '/tags', '/helps']);
  });

  it('gives an admin the dashboard, reports, moments, connections and the admin group', () => {
    const seen = paths(admin, noFlags);
    for (const p of ['/', '/reports', '/moments', '/plantao', '/users', '/queues', '/files', '/settings', '/connections', '/financeiro']) {
      expect(seen).toContain(p);
    }
    // Queue integrations are a plan module (useIntegrations): without the flag the remote is never fetched.
    expect(seen).not.toContain('/queue-integration');
    expect(paths(admin, { useIntegrations: true })).toContain('/queue-integration');
    expect(paths(plainUser, { useIntegrations: true })).not.toContain('/queue-integration');
    expect(seen).not.toContain('/announcements');
    expect(seen).not.toContain('/companies');
  });

  it('shows /announcements and /companies to super users only', () => {
    expect(paths(superAdmin, noFlags)).toEqual(expect.arrayContaining(['/announcements', '/companies']));
    expect(paths({ ...plainUser, super: true }, noFlags)).toEqual(expect.arrayContaining(['/announcements', '/companies']));
    expect(paths(admin, allFlags)).not.toContain('/companies');
  });

  it('treats showDashboard, allowRealTime and allowConnections as admin for their own items only', () => {
    expect(paths({ ...plainUser, showDashboard: true }, noFlags)).toEqual(expect.arrayContaining(['/', '/reports']));
    expect(paths({ ...plainUser, showDashboard: true }, noFlags)).not.toContain('/moments');
    expect(paths({ ...plainUser, allowRealTime: true }, noFlags)).toContain('/moments');
    expect(paths({ ...plainUser, allowRealTime: true }, noFlags)).not.toContain('/');
    const withConnections = paths({ ...plainUser, allowConnections: true }, noFlags);
    expect(withConnections).toContain('/connections');
    expect(withConnections).not.toContain('/users');
    expect(withConnections).not.toContain('/settings');
  });

  it('gates module items on their plan flag, for every profile', () => {
    const cases: [string, string[]][] = [
      ['useKanban', ['/kanban', '/TagsKanban']],
      ['useSchedules', ['/schedules']],
      ['useInternalChat', ['/chats']],
      ['useCampaigns', ['/campaigns', '/contact-lists', '/campaigns-config']],
      ['useOpenAi', ['/prompts']],
    ];
    for (const [flagName, routes] of cases) {
      for (const user of [plainUser, admin]) {
        const off = paths(user, noFlags);
        const on = paths(user, { [flagName]: true });
        for (const r of routes) {
          expect(off).not.toContain(r);
          expect(on).toContain(r);
        }
      }
    }
  });

  it('needs both useExternalApi and admin for /messages-api', () => {
    expect(paths(admin, { useExternalApi: true })).toContain('/messages-api');
    expect(paths(admin, noFlags)).not.toContain('/messages-api');
    expect(paths(plainUser, { useExternalApi: true })).not.toContain('/messages-api');
  });

  it('ignores a plan flag that is present but false', () => {
    expect(paths(admin, { useInternalChat: false })).not.toContain('/chats');
  });

  it('covers every route of the table exactly once', () => {
    const table = ['/', '/reports', '/moments', '/tickets', '/quick-messages', '/kanban', '/TagsKanban', '/contacts', '/schedules', '/tags', '/chats', '/helps', '/campaigns', '/contact-lists', '/campaigns-config', '/announcements', '/messages-api', '/plantao', '/users', '/queues', '/queue-integration', '/files', '/settings', '/prompts', '/flowbuilder', '/connections', '/financeiro', '/companies', '/closing-reasons', '/sla', '/audit', '/wallets'];
    expect([...MENU_ITEMS.map((i) => i.to)].sort()).toEqual([...table].sort());
    expect(paths(superAdmin, allFlags).sort()).toEqual([...table].sort());
  });
});

describe('connectionsNeedAttention', () => {
  it('warns while a connection is in qrcode, PAIRING, DISCONNECTED, TIMEOUT or OPENING', () => {
    for (const s of ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING']) expect(connectionsNeedAttention(['CONNECTED', s])).toBe(true);
    expect(connectionsNeedAttention(['CONNECTED', 'CONNECTED'])).toBe(false);
    expect(connectionsNeedAttention([])).toBe(false);
  });
});

describe('ruleFor (the route guard reads the same table)', () => {
  it('finds the rule of every route and sub-route, and none for unknown paths', () => {
    expect(ruleFor('/')?.key).toBe('dashboard');
    expect(ruleFor('/plantao')?.access).toBe('admin');
    expect(ruleFor('/financeiro')?.access).toBe('admin');
    expect(ruleFor('/closing-reasons')?.access).toBe('admin');
    expect(ruleFor('/sla')?.access).toBe('admin');
    expect(ruleFor('/chats/0b9c')?.planFlag).toBe('useInternalChat');
    expect(ruleFor('/tickets/abc')?.key).toBe('tickets');
    expect(ruleFor('/campaign/3/report')?.planFlag).toBe('useCampaigns');
    expect(ruleFor('/contact-lists/4/contacts')?.key).toBe('contactLists');
    expect(ruleFor('/plantao/extra')).toBeUndefined();
    expect(ruleFor('/nowhere')).toBeUndefined();
  });

  it('refuses agents the admin group with the profile, not the plan, as the reason', () => {
    const messagesApi = ruleFor('/messages-api')!;
    expect(profileAllows(messagesApi, plainUser)).toBe(false);
    expect(planAllows(messagesApi, allFlags)).toBe(true);
    for (const p of ['/plantao', '/users', '/queues', '/queue-integration', '/files', '/settings', '/financeiro']) {
      expect(profileAllows(ruleFor(p)!, plainUser)).toBe(false);
      expect(profileAllows(ruleFor(p)!, admin)).toBe(true);
    }
    expect(profileAllows(ruleFor('/companies')!, admin)).toBe(false);
    expect(profileAllows(ruleFor('/connections')!, { ...plainUser, allowConnections: true })).toBe(true);
  });

  it('covers every route each remote web module declares, with the plan flag the module declares', () => {
    const root = fileURLToPath(new URL('../../web-modules', import.meta.url));
    const modules = readdirSync(root).filter((d) => existsSync(join(root, d, 'src/module.tsx')));
    expect(modules.length).toBeGreaterThanOrEqual(7);
    for (const dir of modules) {
      const source = readFileSync(join(root, dir, 'src/module.tsx'), 'utf8');
      const planFlag = /planFlag: '(\w+)'/.exec(source)?.[1];
      const paths = [...source.matchAll(/\{ (?:path|to): '([^']+)'/g)].map((m) => m[1]);
      expect(paths.length, dir).toBeGreaterThan(0);
      for (const path of paths) {
        const concrete = path.replace(/:[^/]+/g, '1');
        expect(ruleFor(concrete)?.planFlag, `${dir} ${path}`).toBe(planFlag);
      }
    }
  });
});
