
import { Events, loginSchema, Rooms, signupSchema } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { addDays, todayInSaoPaulo } from '../domain/subscription.js';
import { hashPassword, verifyPassword } from './password.js';
import { authenticate } from './authenticate.js';
import { consumeRefreshToken, REFRESH_COOKIE, revokeRefreshToken, revokeUserRefreshTokens } from './refresh-tokens.js';
import { sessionFor, setRefreshCookie } from './session.js';
import { limitSignIn, limitSignUp } from './login-limits.js';
import { recordSignIn } from './sign-in-audit.js';
import { appOrigins, isAppOrigin } from '../http/app-origins.js';

/** Days of free use a company signing up gets before its first invoice is due. */
export const TRIAL_DAYS = 7;

// A hash to compare against when the e-mail is unknown, so timing does not reveal accounts.
const dummyHash = hashPassword('not-a-real-password');

export function registerAuthRoutes(routes: Routes, core: CoreServices): void {
  routes.post('/auth/login', { schema: { body: loginSchema, tags: ['auth'] } }, async (request, reply) => {
    const { email, password } = request.body;
    await limitSignIn(core, reply, request.ip, email);
    const user = await core.db('users').whereRaw('lower(email) = lower(?)', [email]).first('id', 'companyId', 'passwordHash');
    const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
    const company = user && valid ? await core.db('companies').where({ id: user.companyId }).first('status') : undefined;
    const refused = !user || !valid || !company?.status;
    await recordSignIn(core, { ip: request.ip, email, user, succeeded: !refused });
    if (refused) throw new AppError('ERR_INVALID_CREDENTIALS', 401);

    // One session per user: the browser already logged in is told, and its refresh token dies.
    await revokeUserRefreshTokens(core.db, user.id);
    core.realtime.emit(Rooms.user(user.id), Events.auth(user.companyId), { action: 'logout', userId: user.id });
    await core.realtime.disconnectUser(user.id);

    await core.db('companies').where({ id: user.companyId }).update({ lastLogin: new Date() });
    await setRefreshCookie(core, reply, user);
    return sessionFor(core, user.id);
  });

  const appOriginList = appOrigins(core.config);
  routes.post('/auth/refresh_token', { schema: { tags: ['auth'] } }, async (request, reply) => {
    // The cookie rides along a foreign page's request too (CORS only hides the answer): refuse it before it is spent.
    const origin = request.headers.origin;
    if (origin && !isAppOrigin(appOriginList, origin, request.host)) throw new AppError('ERR_ORIGIN_NOT_ALLOWED', 403);
    const presented = request.cookies[REFRESH_COOKIE];
    const consumed = presented ? await consumeRefreshToken(core.db, presented) : null;
    if (!consumed) throw new AppError('ERR_SESSION_EXPIRED', 401);
    const user = await core.db('users').where({ id: consumed.userId }).first('id', 'companyId', 'tokenVersion');
    // A switched-off or deleted company refreshes no token (the gate would refuse it anyway).
    if (!user || !(await core.tokens.allows({ id: user.id, companyId: user.companyId, tv: user.tokenVersion }))) throw new AppError('ERR_SESSION_EXPIRED', 401);
    await setRefreshCookie(core, reply, user);
    return sessionFor(core, user.id);
  });

  routes.get('/auth/me', { onRequest: authenticate, schema: { tags: ['auth'] } }, async (request) => {
    const token = request.headers.authorization!.slice('Bearer '.length);
    return sessionFor(core, request.auth.id, token);
  });

  routes.delete('/auth/logout', { onRequest: authenticate, schema: { tags: ['auth'] } }, async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    if (presented) await revokeRefreshToken(core.db, presented);
    await core.db('users').where({ id: request.auth.id }).update({ online: false });
    reply.clearCookie(REFRESH_COOKIE, { path: `${core.config.API_BASE}/auth` });
    return reply.code(204).send();
  });

  routes.post(
    '/auth/signup',
    { schema: { body: signupSchema, tags: ['auth'] } },
    async (request, reply) => {
      await limitSignUp(core, reply, request.ip);
      const input = request.body;
      const plan = await core.db('plans').where({ id: input.planId, isPublic: true }).first('id');
      if (!plan) throw new AppError('ERR_NO_PLAN_FOUND', 400);
      const passwordHash = await hashPassword(input.password);
      const companyId = await core.db.transaction(async (trx) => {
        if (await trx('companies').whereRaw('lower(name) = lower(?)', [input.companyName]).first('id')) {
          throw new AppError('ERR_DUPLICATED_COMPANY', 409);
        }
        if (await trx('users').whereRaw('lower(email) = lower(?)', [input.email]).first('id')) {
          throw new AppError('ERR_DUPLICATED_EMAIL', 409);
        }
        const [company] = await trx('companies')
          .insert({
            name: input.companyName,
            email: input.email,
            phone: input.phone,
            document: input.document,
            planId: input.planId,
            status: true,
            dueDate: addDays(todayInSaoPaulo(), TRIAL_DAYS),
            recurrence: 'MENSAL',
          })
          .returning('id');
        await trx('users').insert({
          companyId: company.id,
          name: input.name,
          email: input.email,
          passwordHash,
          profile: 'admin',
        });
        return company.id as number;
      });
      return reply.code(201).send({ id: companyId });
    },
  );
}

