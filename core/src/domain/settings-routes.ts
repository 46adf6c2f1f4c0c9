import { z } from 'zod';
import { SettingKeys, SuperOnlySettingKeys, id, settingValueIssue, text } from '@guiche/contracts';
import { AppError, type AuthUser, type Routes } from '../plugin-sdk/types.js';
import { authenticate, requireAdmin } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { armBirthdays, BIRTHDAY_SETTING_KEYS } from '../contacts/birthdays.js';
import { registerBirthdayRoutes } from '../contacts/birthday-routes.js';

const keyParams = z.object({ key: text(60) });
const valueBody = z.object({ value: text(5000) });
const companyParams = z.object({ companyId: id });
const columnBody = z.object({ column: text(60), data: text(5000) });

/** A setting's write, shared by PUT /settings/:key and the spec's PUT /companySettings (column, data). */
async function writeSetting(core: CoreServices, auth: AuthUser, key: string, value: string) {
  if (!SettingKeys.includes(key)) throw new AppError('ERR_NO_SETTING_FOUND', 404);
  if (SuperOnlySettingKeys.includes(key) && !auth.super) throw new AppError('ERR_NO_PERMISSION', 403);
  const issue = settingValueIssue(key, value);
  if (issue) throw new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['value'], message: issue }] });
  await core.settings.set(auth.companyId, key, value);
  if (BIRTHDAY_SETTING_KEYS.includes(key)) await armBirthdays(core, auth.companyId);
  return { key, value };
}

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

    scope.put('/settings/:key', { onRequest: requireAdmin, schema: { params: keyParams, body: valueBody, tags: ['settings'] } }, async (request) =>
      writeSetting(core, request.auth, request.params.key, request.body.value),
    );

    /** account-admin.md's spelling: the company's settings as one object (column → value). Own company only. */
    scope.get('/companySettings/:companyId', { onRequest: requireAdmin, schema: { params: companyParams, tags: ['settings'] } }, async (request) => {
      if (request.params.companyId !== request.auth.companyId) throw new AppError('ERR_NO_PERMISSION', 403);
      const all = await core.settings.all(request.auth.companyId);
      return Object.fromEntries(Object.entries(all).filter(([key]) => request.auth.super || !SuperOnlySettingKeys.includes(key)));
    });

    scope.put('/companySettings', { onRequest: requireAdmin, schema: { body: columnBody, tags: ['settings'] } }, async (request) =>
      writeSetting(core, request.auth, request.body.column, request.body.data),
    );

    registerBirthdayRoutes(scope, core);
  });
}
