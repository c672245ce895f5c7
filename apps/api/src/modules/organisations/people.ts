import { LIMITS, MESSAGES } from '@farmaponte/shared';
import {
  ORGANISATION_MESSAGES as M,
  type TInvitationAccept,
  type TInvitationPreview,
  type TMemberUpdate,
  type TStaffInvitationInput,
  type TTeam,
} from '@farmaponte/shared/organisation';
import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  organisationInvitations,
  organisationMembers,
  organisationPharmacies,
  organisations,
  pharmacySettings,
  profiles,
  users,
} from '../../db/schema';
import { badRequest, conflict, forbidden, gone, notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { drawToken, tokenHash } from '../../lib/single-use-tokens';
import { writeTransaction } from '../../lib/transactions';
import { createAccount, findUserByEmail } from '../account';
import { enqueueMail } from '../mail';
import { revokeAllSessions } from '../sessions';
import { staffInvitationMail } from './mail';

import { audit, checkPharmacies, lockAsTitolare, lockOrganisation, membersChanged, type TActor } from './writes';

export async function getTeam(db: TDb, organisationId: number, now: Date): Promise<TTeam> {
  const [members, invitations] = await Promise.all([
    db
      .select({
        userId: organisationMembers.userId,
        role: organisationMembers.role,
        pharmacyIds: organisationMembers.pharmacyIds,
        addedAt: organisationMembers.addedAt,
        email: users.email,
        name: profiles.name,
        surname: profiles.surname,
      })
      .from(organisationMembers)
      .innerJoin(users, eq(users.id, organisationMembers.userId))
      .leftJoin(profiles, eq(profiles.userId, organisationMembers.userId))
      .where(eq(organisationMembers.organisationId, organisationId))
      // Titolari first, then responsabili, then consultazione; by surname and name within each.
      .orderBy(
        sql`array_position(array['titolare', 'responsabile', 'consultazione'], ${organisationMembers.role})`,
        asc(profiles.surname),
        asc(profiles.name),
        asc(organisationMembers.userId),
      ),
    db
      .select()
      .from(organisationInvitations)
      .where(
        and(
          eq(organisationInvitations.organisationId, organisationId),
          isNull(organisationInvitations.acceptedAt),
          isNull(organisationInvitations.revokedAt),
          gt(organisationInvitations.expiresAt, now),
        ),
      )
      .orderBy(asc(organisationInvitations.createdAt)),
  ]);
  return {
    members: members.map((m) => ({
      user_id: m.userId,
      name: `${m.name ?? ''} ${m.surname ?? ''}`.trim(),
      email: m.email,
      role: m.role,
      pharmacy_ids: m.pharmacyIds,
      added_at: m.addedAt.toISOString(),
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      pharmacy_ids: i.pharmacyIds,
      created_at: i.createdAt.toISOString(),
      expires_at: i.expiresAt.toISOString(),
    })),
  };
}

/**
 * Invites an address to the organisation's staff: a single-use link by mail, valid LIMITS.staffInvitationTtlDays. An
 * address already on the staff is 409 `already_member`; one with a live invitation 409 `invitation_pending`.
 */
export async function inviteStaff(
  db: TDb,
  actor: TActor,
  input: TStaffInvitationInput,
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<number> {
  const email = input.email.trim().toLowerCase();
  const pharmacyIds = input.role === 'titolare' ? [] : [...new Set(input.pharmacy_ids)];
  const drawn = drawToken();
  return writeTransaction(db, async (tx) => {
    const organisation = await lockAsTitolare(tx, actor);
    await checkPharmacies(tx, actor.organisationId, pharmacyIds);
    const [member] = await tx
      .select({ userId: organisationMembers.userId })
      .from(organisationMembers)
      .innerJoin(users, eq(users.id, organisationMembers.userId))
      .where(and(eq(organisationMembers.organisationId, actor.organisationId), eq(sql`lower(${users.email})`, email)));
    if (member) throw conflict(M.alreadyMember, 'already_member', { email: M.alreadyMember });
    const live = and(
      eq(organisationInvitations.organisationId, actor.organisationId),
      isNull(organisationInvitations.acceptedAt),
      isNull(organisationInvitations.revokedAt),
      gt(organisationInvitations.expiresAt, now),
    );
    const [pending] = await tx
      .select({ id: organisationInvitations.id })
      .from(organisationInvitations)
      .where(and(live, eq(organisationInvitations.email, email)));
    if (pending) throw conflict(M.invitationPending, 'invitation_pending', { email: M.invitationPending });
    const [{ today } = { today: 0 }] = await tx
      .select({ today: sql<number>`count(*)::int` })
      .from(organisationInvitations)
      .where(
        and(
          eq(organisationInvitations.organisationId, actor.organisationId),
          gt(organisationInvitations.createdAt, new Date(now.getTime() - 86_400_000)),
        ),
      );
    if (today >= LIMITS.staffInvitationsPerDay) throw conflict(M.tooManyInvitations, 'too_many_invitations');
    const [created] = await tx
      .insert(organisationInvitations)
      .values({
        organisationId: actor.organisationId,
        email,
        role: input.role,
        pharmacyIds,
        tokenHash: drawn.hash,
        invitedBy: actor.actorId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + LIMITS.staffInvitationTtlDays * 86_400_000),
      })
      .returning({ id: organisationInvitations.id });
    if (!created) throw new Error('insert returned no row');
    const link = `${publicUrl}/invito-staff?token=${encodeURIComponent(drawn.token)}`;
    await enqueueMail(tx, { userId: null, to: email, ...staffInvitationMail(organisation.name, input.role, link) }, now);
    await audit(tx, actor, 'member.invite', { type: 'invitation', id: created.id, details: { email, role: input.role } }, now);
    return created.id;
  });
}

export async function revokeInvitation(db: TDb, actor: TActor, invitationId: number, now: Date) {
  await writeTransaction(db, async (tx) => {
    await lockAsTitolare(tx, actor);
    const revoked = await tx
      .update(organisationInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(organisationInvitations.id, invitationId),
          eq(organisationInvitations.organisationId, actor.organisationId),
          isNull(organisationInvitations.acceptedAt),
          isNull(organisationInvitations.revokedAt),
        ),
      )
      .returning({ id: organisationInvitations.id });
    if (!revoked.length) throw notFound();
    await audit(tx, actor, 'invitation.revoke', { type: 'invitation', id: invitationId }, now);
  });
}

/** The titolari left if `userId` stopped being one: the organisation keeps at least one. */
async function titolariBesides(tx: TDb, organisationId: number, userId: number) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(organisationMembers)
    .where(
      and(
        eq(organisationMembers.organisationId, organisationId),
        eq(organisationMembers.role, 'titolare'),
        ne(organisationMembers.userId, userId),
      ),
    );
  return row?.count ?? 0;
}

export async function updateMember(db: TDb, events: TEvents, actor: TActor, userId: number, input: TMemberUpdate, now: Date) {
  if (userId === actor.actorId) throw conflict(M.notYourself, 'not_yourself');
  const pharmacyIds = input.role === 'titolare' ? [] : [...new Set(input.pharmacy_ids)];
  await writeTransaction(db, async (tx) => {
    await lockAsTitolare(tx, actor);
    await checkPharmacies(tx, actor.organisationId, pharmacyIds);
    const [member] = await tx
      .select({ role: organisationMembers.role })
      .from(organisationMembers)
      .where(and(eq(organisationMembers.organisationId, actor.organisationId), eq(organisationMembers.userId, userId)));
    if (!member) throw notFound(M.memberNotFound, 'member_not_found');
    if (member.role === 'titolare' && input.role !== 'titolare' && (await titolariBesides(tx, actor.organisationId, userId)) < 1)
      throw conflict(M.lastTitolare, 'last_titolare');
    await tx
      .update(organisationMembers)
      .set({ role: input.role, pharmacyIds })
      .where(and(eq(organisationMembers.organisationId, actor.organisationId), eq(organisationMembers.userId, userId)));
    await membersChanged(tx, events, actor.organisationId);
    await audit(
      tx,
      actor,
      'member.update',
      { userId, type: 'member', id: userId, details: { role: input.role, pharmacyIds } },
      now,
    );
  });
}

/**
 * Removes a person from the organisation's staff: their membership goes and every session of theirs ends at once (a
 * person in no other organisation has nothing left to act for). Their account stays, to be invited again.
 */
export async function removeMember(db: TDb, events: TEvents, actor: TActor, userId: number, now: Date) {
  if (userId === actor.actorId) throw conflict(M.notYourself, 'not_yourself');
  await writeTransaction(db, async (tx) => {
    await lockAsTitolare(tx, actor);
    const [member] = await tx
      .select({ role: organisationMembers.role })
      .from(organisationMembers)
      .where(and(eq(organisationMembers.organisationId, actor.organisationId), eq(organisationMembers.userId, userId)));
    if (!member) throw notFound(M.memberNotFound, 'member_not_found');
    if (member.role === 'titolare' && (await titolariBesides(tx, actor.organisationId, userId)) < 1)
      throw conflict(M.lastTitolare, 'last_titolare');
    await tx
      .delete(organisationMembers)
      .where(and(eq(organisationMembers.organisationId, actor.organisationId), eq(organisationMembers.userId, userId)));
    // The settings that named them to be mailed forget them.
    await tx
      .update(pharmacySettings)
      .set({ notifyUserIds: sql`array_remove(${pharmacySettings.notifyUserIds}, ${userId})` })
      .where(
        and(
          sql`${userId} = any(${pharmacySettings.notifyUserIds})`,
          inArray(
            pharmacySettings.pharmacyId,
            tx
              .select({ id: organisationPharmacies.pharmacyId })
              .from(organisationPharmacies)
              .where(eq(organisationPharmacies.organisationId, actor.organisationId)),
          ),
        ),
      );
    await revokeAllSessions(tx, events, userId, now);
    await membersChanged(tx, events, actor.organisationId, [userId]);
    await audit(tx, actor, 'member.remove', { userId, type: 'member', id: userId }, now);
  });
}

type TInvitationRow = typeof organisationInvitations.$inferSelect;

/** The invitation of a link: 404 unknown or revoked, 410 used or expired, each with its Italian message. */
async function invitationOf(db: TDb, token: string, now: Date, lock = false): Promise<TInvitationRow> {
  const query = db
    .select()
    .from(organisationInvitations)
    .where(eq(organisationInvitations.tokenHash, tokenHash(token)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || row.revokedAt) throw notFound(M.invitationInvalid, 'invitation_invalid');
  if (row.acceptedAt) throw gone(M.invitationUsed, 'invitation_used');
  if (row.expiresAt <= now) throw gone(M.invitationExpired, 'invitation_expired');
  return row;
}

export async function previewInvitation(db: TDb, token: string, now: Date): Promise<TInvitationPreview> {
  const invitation = await invitationOf(db, token, now);
  const [[organisation], pharmacies, account] = await Promise.all([
    db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, invitation.organisationId)),
    invitation.pharmacyIds.length
      ? db
          .select({ name: profiles.denominazioneFarmacia })
          .from(profiles)
          .where(inArray(profiles.userId, invitation.pharmacyIds))
          .orderBy(asc(profiles.denominazioneFarmacia))
      : Promise.resolve([]),
    findUserByEmail(db, invitation.email),
  ]);
  return {
    organisation: organisation?.name ?? '',
    email: invitation.email,
    role: invitation.role,
    pharmacies: pharmacies.map((p) => p.name),
    has_account: account !== undefined,
  };
}

/**
 * Accepts a staff invitation. With a session: it must be the invited address's account, an owner-side one (a
 * pharmacist's account cannot join: 409), and joins with it. Without: an address with no account gets one, its
 * address confirmed by the link itself; an address with an account must log in first (409 `login_required`). The link
 * works once: two answers at once are serialised on its row, the second finds it used (410).
 */
export async function acceptInvitation(
  db: TDb,
  events: TEvents,
  input: TInvitationAccept,
  session: { id: number; role: string } | null,
  now: Date,
): Promise<{ organisation: string; email: string; created: boolean }> {
  const preview = await invitationOf(db, input.token, now);
  const existing = await findUserByEmail(db, preview.email);
  if (session && (!existing || existing.id !== session.id))
    throw forbidden(M.invitationWrongAccount(preview.email), 'invitation_wrong_account');
  if (existing && existing.role !== 'titolare') throw conflict(M.invitationPharmacistAccount, 'invitation_wrong_role');
  if (existing && !session) throw conflict(M.invitationLoginRequired, 'login_required');
  if (!existing && (!input.name || !input.surname || !input.password))
    throw badRequest(MESSAGES.requiredFields, 'required_fields', {
      ...(input.name ? {} : { name: MESSAGES.requiredFields }),
      ...(input.surname ? {} : { surname: MESSAGES.requiredFields }),
      ...(input.password ? {} : { password: MESSAGES.requiredFields }),
    });
  if (!existing && input.privacyPolicyConsent !== true)
    throw badRequest(MESSAGES.acceptTerms, 'terms_required', { privacyPolicyConsent: MESSAGES.acceptTerms });
  const join = async (tx: TDb, userId: number) => {
    const invitation = await invitationOf(tx, input.token, now, true);
    const organisation = await lockOrganisation(tx, invitation.organisationId);
    await tx
      .insert(organisationMembers)
      .values({
        organisationId: invitation.organisationId,
        userId,
        role: invitation.role,
        pharmacyIds: invitation.pharmacyIds,
        addedAt: now,
      })
      .onConflictDoNothing();
    await tx
      .update(organisationInvitations)
      .set({ acceptedAt: now, acceptedBy: userId })
      .where(eq(organisationInvitations.id, invitation.id));
    await membersChanged(tx, events, invitation.organisationId, [userId]);
    await audit(
      tx,
      { actorId: userId, email: invitation.email, organisationId: invitation.organisationId, memberRole: invitation.role },
      'invitation.accept',
      { userId, type: 'invitation', id: invitation.id },
      now,
    );
    return organisation.name;
  };
  if (existing) {
    const organisation = await writeTransaction(db, (tx) => join(tx, existing.id));
    return { organisation, email: preview.email, created: false };
  }
  let organisation = '';
  await createAccount(
    db,
    {
      email: preview.email,
      password: input.password ?? '',
      role: 'titolare',
      staff: true,
      emailConfirmed: true,
      now,
      profile: { name: input.name, surname: input.surname, privacyPolicyConsent: true },
    },
    {
      withAccount: async (tx, user) => {
        organisation = await join(tx, user.id);
      },
    },
  );
  return { organisation, email: preview.email, created: true };
}
