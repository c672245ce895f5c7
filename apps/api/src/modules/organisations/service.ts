/**
 * An organisation's data for invoices, its pharmacies and each pharmacy's settings (decision 089); its people are in
 * people.ts. Every write of a titolare locks the organisation's row first and checks under it that they still are one
 * (writes.ts), records its event and its entry in the audit log.
 */
import { randomUUID } from 'node:crypto';
import { LIMITS, MESSAGES } from '@farmaponte/shared';
import {
  ORGANISATION_MESSAGES as M,
  type TNewPharmacy,
  type TOrganisation,
  type TOrganisationInput,
  type TPharmacySettings,
} from '@farmaponte/shared/organisation';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  organisationMembers,
  organisationPharmacies,
  organisations,
  pharmacySettings,
  profiles,
  verifications,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { writeTransaction } from '../../lib/transactions';
import { createAccount } from '../account';
import { staffOfPharmacy } from '../notifications';
import type { TOwnerScope } from './access';

import { audit, lockAsTitolare, membersChanged, type TActor } from './writes';

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

export async function saveSettings(db: TDb, actor: TActor, pharmacyId: number, input: TPharmacySettings, now: Date) {
  if (input.start_time && input.end_time && input.end_time <= input.start_time)
    throw badRequest(MESSAGES.offerTimeOrder, 'invalid_time', { end_time: MESSAGES.offerTimeOrder });
  await writeTransaction(db, async (tx) => {
    if (input.notify_user_ids) {
      const staff = new Set((await staffOfPharmacy(tx, actor.organisationId, pharmacyId)).map((s) => s.userId));
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
