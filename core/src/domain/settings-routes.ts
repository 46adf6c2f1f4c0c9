import { z } from 'zod';
import { SettingKeys, SuperOnlySettingKeys, settingValueIssue, text } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate, requireAdmin } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';

const keyParams = z.object({ key: text(60) });
const valueBody = z.object({ value: text(5000) });

export function registerSettingRoutes(routes: Routes, core: CoreServices): void {
  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);

    scope.get('/settings', { onRequest: requireAdmin, schema: { tags: ['settings'] } }, async (request) => {
      const all = await core.settings.all(request.auth.companyId);
      return Object.entries(all)
        .filter(([key]) => request.auth.super || !SuperOnlySettingKeys.includes(key))
        .map(([key, value]) => ({ key, value }));
    });

    /** Reading one column is allowed to every user: the inbox needs them (inbox.md §7). */
    scope.get('/companySettingOne', { schema: { querystring: z.object({ column: text(60) }), tags: ['settings'] } }, async (request) => {
      const { column } = request.query;
      if (!SettingKeys.includes(column) || SuperOnlySettingKeys.includes(column)) throw new AppError('ERR_NO_SETTING_FOUND', 404);
      return { key: column, value: await core.settings.get(request.auth.companyId, column) };
    });

    scope.put('/settings/:key', { onRequest: requireAdmin, schema: { params: keyParams, body: valueBody, tags: ['settings'] } }, async (request) => {
      const { key } = request.params;
      const { value } = request.body;
      if (!SettingKeys.includes(key)) throw new AppError('ERR_NO_SETTING_FOUND', 404);
      if (SuperOnlySettingKeys.includes(key) && !request.auth.super) throw new AppError('ERR_NO_PERMISSION', 403);
      const issue = settingValueIssue(key, value);
      if (issue) throw new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['value'], message: issue }] });
      await core.settings.set(request.auth.companyId, key, value);
      return { key, value };
    });
  });
}
