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
}
export type { FastifyReply, FastifyRequest };
