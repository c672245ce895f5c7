/** onRequest hooks that decide who may call a route (docs/rules.md#who-may-do-what): 401 without a valid session, 403 for the wrong role. */
import { MESSAGES, type TRole } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { TDb } from '../db/client';
import { users } from '../db/schema';
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
    await requireAdminSecondStep(request);
  };
  sessionHooks.add(hook);
  return [hook];
}

/**
 * With REQUIRE_ADMIN_2FA, an admin whose two-step login is off may log in and turn it on, but every admin route answers
 * 403 `second_step_setup_required` until they do (decision 063).
 */
async function requireAdminSecondStep(request: FastifyRequest) {
  const { user, server } = request;
  if (user?.role !== 'admin' || !server.config.REQUIRE_ADMIN_2FA) return;
  if (!(await server.secondStepOn(user.id))) throw forbidden(MESSAGES.secondStepSetupRequired, 'second_step_setup_required');
}

/** The session user of a route behind authenticate. */
export function sessionUser(request: FastifyRequest): TSessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * Applying, publishing and inviting need a confirmed address: 403 `email_not_verified` otherwise. Read from the database
 * on each call, not from the session-user cache, so a confirmation counts at once on every instance.
 */
export async function requireConfirmedEmail(db: TDb, userId: number): Promise<void> {
  const [user] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  if (user && !user.verifiedAt) throw forbidden(MESSAGES.emailNotVerified, 'email_not_verified');
}
