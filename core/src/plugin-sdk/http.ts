import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Identity carried by the access token; set on every authenticated request as request.auth. */
export interface AuthUser {
  id: number;
  companyId: number;
  profile: 'admin' | 'user';
  super: boolean;
}

export type Routes = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser;
  }
  interface FastifyContextConfig {
    /**
     * A public route called from customers' sites (the website chat's): CORS for any origin,
     * without credentials, and a cross-origin resource policy (core/src/http/cors.ts). The route
     * itself decides which sites it serves (e.g. 403 for a site its connection does not allow).
     */
    publicCors?: boolean;
  }
}
export type { FastifyReply, FastifyRequest };
