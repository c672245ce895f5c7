/** onRequest hooks that decide who may call a route (docs/rules.md#who-may-do-what): 401 without a valid session, 403 for the wrong role. */
import { MESSAGES, type TRole } from '@farmaponte/shared';
import { ORGANISATION_MESSAGES } from '@farmaponte/shared/organisation';
import { eq } from 'drizzle-orm';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { TDb } from '../db/client';
import { users } from '../db/schema';
import { badRequest, forbidden, notFound, unauthorized } from './errors';
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

/** What a route needs of the person acting for a pharmacy (decision 089). */
export type TOwnerAccess = 'read' | 'write' | 'people';

/** `X-Farmacia: tutte`: the whole group, on the lists that show it. */
export const GROUP_HEADER_VALUE = 'tutte';

const mayDo = (role: string, access: TOwnerAccess) =>
  access === 'read' || (access === 'write' ? role !== 'consultazione' : role === 'titolare');

/**
 * The pharmacy a request names in `X-Farmacia`: undefined without the header, 'all' for `tutte` (the whole group, on
 * the lists that show it), 400 for anything else but an id.
 */
function pharmacyAsked(request: FastifyRequest, group: boolean): number | undefined | 'all' {
  const raw = request.headers['x-farmacia'];
  if (raw === undefined || raw === '') return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === GROUP_HEADER_VALUE) {
    if (group) return 'all';
    throw badRequest(ORGANISATION_MESSAGES.pharmacyRequired, 'pharmacy_required');
  }
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647)
    throw badRequest(ORGANISATION_MESSAGES.pharmacyHeaderInvalid, 'pharmacy_header_invalid');
  return Number(value);
}

/**
 * Resolves the pharmacy an owner-side person acts for (`request.owner`): 404 `pharmacy_not_found` for a pharmacy
 * outside their reach (or none at all), 403 `read_only_member` for a write by consultazione, 403 `titolare_only` for
 * people and invoicing data by anyone but a titolare.
 */
async function resolveOwner(request: FastifyRequest, access: TOwnerAccess, group = false): Promise<void> {
  const user = sessionUser(request);
  if (user.role !== 'titolare') throw forbidden();
  const scope = await request.server.ownerScopes.resolve(user.id, pharmacyAsked(request, group));
  if (!scope) {
    // An account erased a moment ago (another instance's session cache still had it) has no session: 401, not 404.
    const [still] = await request.server.db.select({ id: users.id }).from(users).where(eq(users.id, user.id));
    if (!still) throw unauthorized();
    throw notFound(ORGANISATION_MESSAGES.pharmacyNotFound, 'pharmacy_not_found');
  }
  if (!mayDo(scope.memberRole, access))
    throw access === 'write'
      ? forbidden(ORGANISATION_MESSAGES.readOnly, 'read_only_member')
      : forbidden(ORGANISATION_MESSAGES.titolareOnly, 'titolare_only');
  request.owner = scope;
}

/**
 * An owner route: 401 without a session, 403 for another role, then the pharmacy it acts for (`ownerOf`). `group`: a
 * list that also shows the whole group with `X-Farmacia: tutte` (`groupOf`); other routes answer that with 400.
 */
export function requireOwner(access: TOwnerAccess, { group = false }: { group?: boolean } = {}): onRequestAsyncHookHandler[] {
  const hook: onRequestAsyncHookHandler = async function authenticateOwner(this: unknown, request, reply) {
    await authenticate.call(this as never, request, reply);
    await resolveOwner(request, access, group);
  };
  sessionHooks.add(hook);
  return [hook];
}

/**
 * A route both sides use (threads, reviews, the bell): a pharmacist acts for themselves, an owner-side person for the
 * pharmacy of `X-Farmacia` (`partyOf`). `access` is what an owner-side person needs.
 */
export function requireParty(access: TOwnerAccess, ...roles: TRole[]): onRequestAsyncHookHandler[] {
  const allowed = roles.length ? roles : (['farmacista', 'titolare'] as TRole[]);
  const hook: onRequestAsyncHookHandler = async function authenticateParty(this: unknown, request, reply) {
    await authenticate.call(this as never, request, reply);
    if (!request.user || !allowed.includes(request.user.role)) throw forbidden();
    if (request.user.role === 'titolare') await resolveOwner(request, access);
  };
  sessionHooks.add(hook);
  return [hook];
}

/** The pharmacy an owner route acts for (behind requireOwner). */
export function ownerOf(request: FastifyRequest): number {
  if (!request.owner) throw unauthorized();
  return request.owner.pharmacyId;
}

/** The pharmacies a group list shows: every one in reach with `X-Farmacia: tutte`, else the one it acts for. */
export function groupOf(request: FastifyRequest): number[] {
  if (!request.owner) throw unauthorized();
  return request.owner.groupPharmacyIds ?? [request.owner.pharmacyId];
}

/**
 * Who acts: the pharmacy's person behind requireOwner/requireParty (their name for the history, their address for the
 * audit log), or null for a pharmacist.
 */
export function actorOf(request: FastifyRequest): { id: number; name: string; email: string } | null {
  return request.owner ? { id: request.owner.actorId, name: request.owner.actorName, email: sessionUser(request).email } : null;
}

/** The party of a route behind requireParty: the pharmacy an owner-side person acts for, or the pharmacist. */
export function partyOf(request: FastifyRequest): TSessionUser {
  const user = sessionUser(request);
  return request.owner ? { ...user, id: request.owner.pharmacyId } : user;
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
