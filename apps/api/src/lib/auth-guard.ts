/** onRequest hooks that decide who may call a route (docs/rules.md#who-may-do-what): 401 without a valid session, 403 for the wrong role. */
import type { TRole } from '@farmaponte/shared';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { forbidden, unauthorized } from './errors';
import type { TSessionUser } from './session-user-cache';

/** The hooks that ask for a session: the API's document says `security: bearer` of exactly their routes (lib/api-docs.ts). */
const sessionHooks = new WeakSet<object>();

export function asksForSession(hook: unknown): boolean {
  return typeof hook === 'function' && sessionHooks.has(hook);
}

export const authenticate: onRequestAsyncHookHandler = async (request) => {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!token) throw unauthorized();
  const claims = await request.server.jwt.verifyAccess(token);
  if (!claims) throw unauthorized();
  // The account may have been deleted or changed, or the token's session ended, since the token was issued.
  const user = await request.server.sessionUsers.get(claims.userId, claims.familyId);
  if (!user) throw unauthorized();
  request.user = user;
};
sessionHooks.add(authenticate);

/** 401 without a valid session, then 403 for the wrong role: one hook, as each hook costs a promise per request. */
export function requireRole(...roles: TRole[]): onRequestAsyncHookHandler[] {
  const hook: onRequestAsyncHookHandler = async function authenticateWithRole(this: unknown, request, reply) {
    await authenticate.call(this as never, request, reply);
    if (!request.user || !roles.includes(request.user.role)) throw forbidden();
  };
  sessionHooks.add(hook);
  return [hook];
}

/** The session user of a route behind authenticate. */
export function sessionUser(request: FastifyRequest): TSessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
