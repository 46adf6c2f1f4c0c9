import type { CoreServices } from '../services.js';
import { AuditActions } from '../audit/audit-log.js';

/**
 * A sign-in and a refused one in the audit log (issue #33). request.ip is the client as Fastify's
 * trustProxy (TRUST_PROXY) sees it, the same address the sign-in limits count. A refused sign-in
 * of a known e-mail belongs to that user's company (its admins see the attempts); of an unknown
 * one, to the platform (super users only). The tried password is never written.
 */
export async function recordSignIn(
  core: CoreServices,
  attempt: { ip: string; email: string; user: { id: number; companyId: number } | undefined; succeeded: boolean },
): Promise<void> {
  await core.audit.record({
    companyId: attempt.user?.companyId ?? null,
    userId: attempt.user?.id ?? null,
    userEmail: attempt.email.slice(0, 255),
    action: attempt.succeeded ? AuditActions.login : AuditActions.loginFailed,
    entity: 'session',
    entityId: attempt.user?.id ?? null,
    ip: attempt.ip,
    method: 'POST',
    path: '/auth/login',
  });
}
