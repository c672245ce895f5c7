/**
 * Organisations, their pharmacies, their people and each pharmacy's settings (decision 089). Every write runs in one
 * transaction that locks the organisation's row first, so two titolari changing its people at once are serialised
 * (the last titolare cannot be removed twice over), and records its event (the scopes of the people it touches are
 * forgotten on every instance) and its entry in the audit log.
 */
import { randomUUID } from 'node:crypto';
import { LIMITS, MESSAGES } from '@farmaponte/shared';
import {
  ORGANISATION_MESSAGES as M,
  type TInvitationAccept,
  type TInvitationPreview,
  type TMemberUpdate,
  type TNewPharmacy,
  type TOrganisation,
  type TOrganisationInput,
  type TPharmacySettings,
  type TStaffInvitationInput,
  type TTeam,
} from '@farmaponte/shared/organisation';
import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  organisationInvitations,
  organisationMembers,
  organisationPharmacies,
  organisations,
  pharmacySettings,
  profiles,
  users,
  verifications,
} from '../../db/schema';
import { badRequest, conflict, forbidden, gone, notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { drawToken, tokenHash } from '../../lib/single-use-tokens';
import { writeTransaction } from '../../lib/transactions';
import { createAccount, findUserByEmail } from '../account';
import { recordAdminAction, type TAuditAction, type TAuditEntry } from '../audit';
import { enqueueMail } from '../mail';
import { revokeAllSessions } from '../sessions';
import type { TOwnerScope } from './access';
import { staffInvitationMail } from './mail';

/** The person acting, as the audit log keeps them (their address as it was then). */
type TActor = Pick<TOwnerScope, 'actorId' | 'organisationId' | 'memberRole'> & { email: string };

/** Its entry in the audit log, in the write's transaction: who of the organisation did what (decision 089). */
function audit(
  tx: TDb,
  actor: TActor,
  action: TAuditAction,
  target: { userId?: number | null; type?: TAuditEntry['targetType']; id?: number; details?: Record<string, unknown> },
  now: Date,
) {
  return recordAdminAction(
    tx,
    { id: actor.actorId, email: actor.email },
    {
      action,
      targetUserId: target.userId ?? null,
      targetType: target.type ?? 'organisation',
      targetId: target.id ?? actor.organisationId,
      details: { organisation_id: actor.organisationId, ...(target.details ?? {}) },
    },
    now,
  );
}

/** Holds the organisation's row until the transaction ends: its people and pharmacies change one write at a time. */
async function lockOrganisation(tx: TDb, organisationId: number) {
  const [row] = await tx.select().from(organisations).where(eq(organisations.id, organisationId)).for('update');
  if (!row) throw notFound(M.pharmacyNotFound, 'pharmacy_not_found');
  return row;
}

/**
 * Locks the organisation for a change of its people or data, and checks under the lock that the person acting is still
 * one of its titolari (a request that began before they were stepped down or removed): 403 `titolare_only` otherwise.
 */
async function lockAsTitolare(tx: TDb, actor: TActor) {
  const organisation = await lockOrganisation(tx, actor.organisationId);
  const [me] = await tx
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, actor.organisationId), eq(organisationMembers.userId, actor.actorId)));
  if (me?.role !== 'titolare') throw forbidden(M.titolareOnly, 'titolare_only');
  return organisation;
}

const membersOf = (tx: TDb, organisationId: number) =>
  tx
    .select({ userId: organisationMembers.userId })
    .from(organisationMembers)
    .where(eq(organisationMembers.organisationId, organisationId));

/** Tells every instance that who may act for this organisation changed (its people's scopes are read again). */
async function membersChanged(tx: TDb, events: TEvents, organisationId: number, extra: number[] = []) {
  const userIds = [...new Set([...(await membersOf(tx, organisationId)).map((m) => m.userId), ...extra])];
  await events.record(tx, { type: 'organisation.members_changed', organisationId, userIds });
}

/** The pharmacies of an organisation a person reaches: every one for a titolare, their own list otherwise. */
export async function pharmaciesInReach(db: TDb, scope: Pick<TOwnerScope, 'organisationId' | 'actorId'>) {
  return db
    .select({
      id: organisationPharmacies.pharmacyId,
      name: profiles.denominazioneFarmacia,
      address: profiles.indirizzoFarmacia,
      comune: profiles.comuneFarmacia,
      codFarmacia: profiles.codFarmacia,
      partitaIva: profiles.partitaIva,
      verification: verifications.status,
      role: organisationMembers.role,
    })
    .from(organisationPharmacies)
    .innerJoin(
      organisationMembers,
      and(
        eq(organisationMembers.organisationId, organisationPharmacies.organisationId),
        eq(organisationMembers.userId, scope.actorId),
      ),
    )
    .leftJoin(profiles, eq(profiles.userId, organisationPharmacies.pharmacyId))
    .leftJoin(verifications, eq(verifications.userId, organisationPharmacies.pharmacyId))
    .where(
      and(
        eq(organisationPharmacies.organisationId, scope.organisationId),
        or(
          eq(organisationMembers.role, 'titolare'),
          sql`${organisationPharmacies.pharmacyId} = any(${organisationMembers.pharmacyIds})`,
        ),
      ),
    )
    .orderBy(asc(organisationPharmacies.pharmacyId));
}

export async function getOrganisation(db: TDb, scope: TOwnerScope): Promise<TOrganisation> {
  const [[organisation], pharmacies] = await Promise.all([
    db.select().from(organisations).where(eq(organisations.id, scope.organisationId)),
    pharmaciesInReach(db, scope),
  ]);
  if (!organisation) throw notFound(M.pharmacyNotFound, 'pharmacy_not_found');
  return {
    id: organisation.id,
    name: organisation.name,
    partita_iva: organisation.partitaIva,
    codice_fiscale: organisation.codiceFiscale,
    sede_legale: organisation.sedeLegale,
    pec: organisation.pec,
    codice_sdi: organisation.codiceSdi,
    my_role: scope.memberRole,
    pharmacies: pharmacies.map((p) => ({
      id: p.id,
      name: p.name ?? '',
      address: p.address ?? '',
      comune: p.comune ?? '',
      cod_farmacia: p.codFarmacia ?? '',
      partita_iva: p.partitaIva ?? '',
      verification: p.verification ?? 'none',
      can_write: p.role !== 'consultazione',
    })),
  };
}

export async function updateOrganisation(
  db: TDb,
  actor: TActor,
  input: TOrganisationInput,
  now: Date,
): Promise<TOrganisation['id']> {
  return writeTransaction(db, async (tx) => {
    await lockAsTitolare(tx, actor);
    await tx
      .update(organisations)
      .set({
        name: input.name,
        partitaIva: input.partita_iva,
        codiceFiscale: input.codice_fiscale,
        sedeLegale: input.sede_legale,
        pec: input.pec,
        codiceSdi: input.codice_sdi,
        updatedAt: now,
      })
      .where(eq(organisations.id, actor.organisationId));
    await audit(tx, actor, 'organisation.update', {}, now);
    return actor.organisationId;
  });
}

/**
 * Adds a pharmacy to the organisation (decision 089): the registry lookup and the VAT check of a registration, a
 * pharmacy account with no login of its own, waiting for an admin's approval like a new owner. A registry code
 * already in this organisation is 409 `pharmacy_already_yours`; one held by a verified owner elsewhere is 409
 * `pharmacy_already_claimed` (the registration's own check).
 */
export async function addPharmacy(db: TDb, events: TEvents, actor: TActor, input: TNewPharmacy, now: Date) {
  const [organisation] = await db.select().from(organisations).where(eq(organisations.id, actor.organisationId));
  const pharmacy = await createAccount(
    db,
    {
      email: `farmacia-${randomUUID()}@farmacie.invalid`,
      password: '',
      role: 'titolare',
      organisationId: actor.organisationId,
      // A pharmacy has no address of its own to confirm: its people confirmed theirs.
      emailConfirmed: true,
      verified: false,
      now,
      profile: {
        // Who the admin sees asking: the organisation, as a pharmacy has no person of its own.
        name: organisation?.name ?? '',
        surname: '',
        privacyPolicyConsent: true,
        cod_farmacia: input.cod_farmacia,
        denominazione_farmacia: input.denominazione_farmacia,
        indirizzo_farmacia: input.indirizzo_farmacia,
        comune_farmacia: input.comune_farmacia,
        partita_iva: input.partita_iva,
      },
    },
    {
      // Checked under the organisation's lock, with the new pharmacy written: two additions at once see each other.
      withAccount: async (tx, user) => {
        await lockAsTitolare(tx, actor);
        await refuseExtraPharmacy(tx, actor.organisationId, user.id, input.cod_farmacia);
        await membersChanged(tx, events, actor.organisationId);
        await audit(tx, actor, 'organisation.pharmacy_add', { userId: user.id, type: 'pharmacy', id: user.id }, now);
      },
    },
  );
  return pharmacy.id;
}

/** 409 past LIMITS.organisationMaxPharmacies, or for a registry code the organisation holds already (besides `added`). */
async function refuseExtraPharmacy(tx: TDb, organisationId: number, added: number, code: string) {
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(organisationPharmacies)
    .where(eq(organisationPharmacies.organisationId, organisationId));
  if (count > LIMITS.organisationMaxPharmacies) throw conflict(M.tooManyPharmacies, 'too_many_pharmacies');
  if (!code) return;
  const [mine] = await tx
    .select({ id: organisationPharmacies.pharmacyId })
    .from(organisationPharmacies)
    .innerJoin(profiles, eq(profiles.userId, organisationPharmacies.pharmacyId))
    .where(
      and(
        eq(organisationPharmacies.organisationId, organisationId),
        ne(organisationPharmacies.pharmacyId, added),
        eq(sql`upper(${profiles.codFarmacia})`, code.trim().toUpperCase()),
      ),
    );
  if (mine) throw conflict(M.pharmacyAlreadyYours, 'pharmacy_already_yours', { cod_farmacia: M.pharmacyAlreadyYours });
}

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

/** The pharmacies named for a member must be this organisation's: 400 naming the field otherwise. */
async function checkPharmacies(tx: TDb, organisationId: number, pharmacyIds: number[]) {
  if (!pharmacyIds.length) return;
  const found = await tx
    .select({ id: organisationPharmacies.pharmacyId })
    .from(organisationPharmacies)
    .where(
      and(eq(organisationPharmacies.organisationId, organisationId), inArray(organisationPharmacies.pharmacyId, pharmacyIds)),
    );
  if (found.length !== new Set(pharmacyIds).size)
    throw badRequest(M.memberPharmacyUnknown, 'pharmacy_unknown', { pharmacy_ids: M.memberPharmacyUnknown });
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

export async function getSettings(db: TDb, pharmacyId: number) {
  const [row] = await db.select().from(pharmacySettings).where(eq(pharmacySettings.pharmacyId, pharmacyId));
  return {
    start_time: row?.startTime ?? null,
    end_time: row?.endTime ?? null,
    hourly_pay: row?.hourlyPay ?? null,
    positions: row?.positions ?? null,
    note: row?.note ?? '',
    notify_user_ids: row?.notifyUserIds ?? null,
  };
}

/** The people who act for a pharmacy: the organisation's titolari and whoever has it in their list. */
async function staffOf(tx: TDb, organisationId: number, pharmacyId: number) {
  return tx
    .select({ userId: organisationMembers.userId, role: organisationMembers.role })
    .from(organisationMembers)
    .where(
      and(
        eq(organisationMembers.organisationId, organisationId),
        or(eq(organisationMembers.role, 'titolare'), sql`${pharmacyId} = any(${organisationMembers.pharmacyIds})`),
      ),
    );
}

export async function saveSettings(db: TDb, actor: TActor, pharmacyId: number, input: TPharmacySettings, now: Date) {
  if (input.start_time && input.end_time && input.end_time <= input.start_time)
    throw badRequest(MESSAGES.offerTimeOrder, 'invalid_time', { end_time: MESSAGES.offerTimeOrder });
  await writeTransaction(db, async (tx) => {
    if (input.notify_user_ids) {
      const staff = new Set((await staffOf(tx, actor.organisationId, pharmacyId)).map((s) => s.userId));
      if (input.notify_user_ids.some((id) => !staff.has(id)))
        throw badRequest(M.notifyUnknown, 'notify_unknown', { notify_user_ids: M.notifyUnknown });
    }
    const values = {
      startTime: input.start_time,
      endTime: input.end_time,
      hourlyPay: input.hourly_pay,
      positions: input.positions,
      note: input.note,
      notifyUserIds: input.notify_user_ids ? [...new Set(input.notify_user_ids)] : null,
      updatedAt: now,
      updatedBy: actor.actorId,
    };
    await tx
      .insert(pharmacySettings)
      .values({ pharmacyId, ...values })
      .onConflictDoUpdate({ target: pharmacySettings.pharmacyId, set: values });
    await audit(tx, actor, 'pharmacy.settings', { userId: pharmacyId, type: 'pharmacy', id: pharmacyId }, now);
  });
  return getSettings(db, pharmacyId);
}

/**
 * Whom a pharmacy's mail goes to (decision 089): for a pharmacy of an organisation, the people its settings name, else
 * its titolari and its responsabili; for anyone else (a pharmacist, an admin), their own address. Suspended accounts
 * are left out. Read in the transaction of the notification.
 */
export async function mailRecipientsOf(tx: TDb, userId: number): Promise<{ userId: number; email: string }[]> {
  const [place] = await tx
    .select({ organisationId: organisationPharmacies.organisationId, notify: pharmacySettings.notifyUserIds })
    .from(organisationPharmacies)
    .leftJoin(pharmacySettings, eq(pharmacySettings.pharmacyId, organisationPharmacies.pharmacyId))
    .where(eq(organisationPharmacies.pharmacyId, userId));
  if (!place) return tx.select({ userId: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  const staff = await staffOf(tx, place.organisationId, userId);
  const told = staff
    .filter((member) => (place.notify ? place.notify.includes(member.userId) : member.role !== 'consultazione'))
    .map((member) => member.userId);
  if (!told.length) return [];
  return tx
    .select({ userId: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.id, told), isNull(users.suspendedAt)))
    .orderBy(asc(users.id));
}
