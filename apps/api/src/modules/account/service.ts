/** Accounts and profiles: reads, profile and description updates, consent (creation in registration.ts, erasure in erasure.ts). */

import {
  emptyProfileValues,
  fixedOnceVerifiedFields,
  foreignProfileFields,
  MESSAGES,
  PROFILE_FIELD_NAMES,
  PROFILE_FIELDS,
  readOnlyProfileFields,
  type TProfile,
  type TProfileFieldName,
  type TProfileValues,
  type TRole,
  type TUserDetails,
} from '@farmaponte/shared';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { consentEvents, cvFiles, profiles, users, verificationDocuments, verifications } from '../../db/schema';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import type { TSessionUser } from '../../lib/session-user-cache';
import { unlessParentGone } from '../../lib/sql';
import { writeTransaction } from '../../lib/transactions';
import { recordChangedAlboEntry } from '../albo';
import { findComune } from '../geo';
import { findRegistryPharmacy, verifiedClaimOf } from '../pharmacies';

export type TProfileRow = typeof profiles.$inferSelect;
export type TProfileFields = Partial<Omit<typeof profiles.$inferInsert, 'userId' | 'updatedAt'>>;

/** API field names → columns, from PROFILE_FIELDS; fields the API does not know are left out. */
export function toProfileColumns(input: Record<string, unknown>): TProfileFields {
  const out: Record<string, unknown> = {};
  for (const name of PROFILE_FIELD_NAMES) {
    const value = input[name];
    if (value !== undefined) out[PROFILE_FIELDS[name].key] = value;
  }
  return out as TProfileFields;
}

/** Drops what this role may not write: the other role's fields always, and the read-only ones on a profile save. */
export function withoutFields(fields: TProfileFields, names: readonly TProfileFieldName[]): TProfileFields {
  const out: Record<string, unknown> = { ...fields };
  for (const name of names) delete out[PROFILE_FIELDS[name].key];
  return out as TProfileFields;
}

/** Comuni must be real: their names are normalised to the official spelling (an offer's map position depends on it). */
export function checkPlaces(fields: TProfileFields): TProfileFields {
  const out = { ...fields };
  if (out.comune) {
    const comune = findComune(out.comune, out.provinciaResidenza || undefined);
    if (!comune) throw badRequest(MESSAGES.invalidComune, 'invalid_comune', { comune: MESSAGES.invalidComune });
    out.comune = comune.nome;
  }
  // With a registry code the pharmacy's comune is the registry's (withRegistryPharmacy), whatever was typed.
  if (out.comuneFarmacia && !out.codFarmacia) {
    const comune = findComune(out.comuneFarmacia);
    if (!comune) throw badRequest(MESSAGES.invalidComune, 'invalid_comune', { comune_farmacia: MESSAGES.invalidComune });
    out.comuneFarmacia = comune.nome;
  }
  return out;
}

const fieldError = (field: string, message: string, code: string) => badRequest(message, code, { [field]: message });

/** A VAT number from the registry file as the profile stores it: digits only, without the IT prefix. */
const registryVat = (vat: string) => vat.replace(/[^0-9A-Za-z]/g, '').replace(/^IT/i, '');

/**
 * The pharmacy an owner names by its registry code (decision 048): the registry's name, address and comune replace
 * whatever was typed; an unknown code is 400 on cod_farmacia, a VAT number other than the registry's (when it has one)
 * 400 on partita_iva. Without a code the typed pharmacy is kept (the admin sees it as not in the registry).
 */
export async function withRegistryPharmacy(db: TDb, fields: TProfileFields, ownerId?: number): Promise<TProfileFields> {
  if (!fields.codFarmacia) return fields;
  const row = await findRegistryPharmacy(db, fields.codFarmacia);
  if (!row) throw fieldError('cod_farmacia', MESSAGES.pharmacyNotInRegistry, 'pharmacy_not_in_registry');
  if (row.partitaIva.trim() && registryVat(row.partitaIva) !== fields.partitaIva)
    throw fieldError('partita_iva', MESSAGES.vatNotRegistry, 'vat_not_registry');
  // A pharmacy already tied to a verified owner is nobody else's (decision 083): the person is told how to reach us.
  if (await verifiedClaimOf(db, row.codFarmacia, ownerId))
    throw conflict(MESSAGES.pharmacyAlreadyClaimed, 'pharmacy_already_claimed', {
      cod_farmacia: MESSAGES.pharmacyAlreadyClaimed,
    });
  return {
    ...fields,
    codFarmacia: row.codFarmacia,
    denominazioneFarmacia: row.name,
    indirizzoFarmacia: row.frazione ? `${row.address}, ${row.frazione}` : row.address,
    // The comune's official spelling when the built-in list has it (the offers' map position depends on it).
    comuneFarmacia: findComune(row.comune, row.siglaProvincia || undefined)?.nome ?? row.comune,
  };
}

export async function findUserByEmail(db: TDb, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return user;
}

/** Who a token's user is now: the account may have been deleted or changed since the token was issued. */
export async function findSessionUser(db: TDb, userId: number): Promise<TSessionUser | undefined> {
  // A suspended account has no session (decision 062).
  const [row] = await db
    .select({ id: users.id, role: users.role, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.suspendedAt)));
  return row;
}

/** Whether anyone but an admin has an account (the demo is seeded only into a database without). */
export async function hasNonAdminUsers(db: TDb): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(ne(users.role, 'admin')).limit(1);
  return row !== undefined;
}

/**
 * One row of the communication consent's history (decision 066); call it in the transaction of the change, after
 * locking the user's row, so the history's last row is always the profile's value. Its time never goes back: a
 * request that read its clock before another, then waited for the user's lock behind it, is written after it, so it
 * is dated no earlier than the row before (decision 083); the history read in time order ends with the current value.
 */
export async function recordConsent(
  tx: TDb,
  userId: number,
  given: boolean,
  source: 'registration' | 'profile' | 'unsubscribe',
  at?: Date,
) {
  const wanted = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const last = sql`(select max(${consentEvents.at}) from ${consentEvents} where ${consentEvents.userId} = ${userId} and ${consentEvents.consent} = 'communication')`;
  await tx
    .insert(consentEvents)
    .values({ userId, consent: 'communication', given, source, at: sql`greatest(${wanted}, ${last})` });
}

/** A profile save's consent: recorded when the save changes it (`before` null: no profile row yet, the default false). */
async function recordChangedConsent(
  tx: TDb,
  userId: number,
  before: boolean | null | undefined,
  fields: TProfileFields,
  now: Date,
) {
  const after = fields.communicationConsent;
  if (after !== undefined && after !== (before ?? false)) await recordConsent(tx, userId, after, 'profile', now);
}

/**
 * The one-click unsubscribe of the alert mails withdraws the communication consent (decision 066): the profile's value
 * and its history, when it was given. Call it in the unsubscribe's transaction, after locking the user's row.
 */
export async function withdrawConsentByUnsubscribe(tx: TDb, userId: number, now: Date) {
  const withdrawn = await tx
    .update(profiles)
    .set({ communicationConsent: false, updatedAt: now })
    .where(and(eq(profiles.userId, userId), eq(profiles.communicationConsent, true)))
    .returning({ userId: profiles.userId });
  if (withdrawn.length) await recordConsent(tx, userId, false, 'unsubscribe', now);
}

export function profileResponse(role: TRole, row: TProfileRow | undefined, pdfUrl: string | null): TProfile {
  const values: Record<string, unknown> = emptyProfileValues();
  if (row) for (const name of PROFILE_FIELD_NAMES) values[name] = row[PROFILE_FIELDS[name].key];
  return { userRole: role, ...(values as TProfileValues), pdf_file: pdfUrl };
}

/** A user with profile as GET /api/user/details/ answers; cvUrl signs a download link when a CV is stored. */
export async function getUserDetails(db: TDb, userId: number, cvUrl: (userId: number) => Promise<string>): Promise<TUserDetails> {
  const [row] = await db
    .select({
      user: { id: users.id, email: users.email, role: users.role, emailVerifiedAt: users.emailVerifiedAt },
      profile: profiles,
      cvUserId: cvFiles.userId,
      verification: verifications.status,
      verificationReason: verifications.reason,
      documentUploadedAt: verificationDocuments.uploadedAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(cvFiles, eq(cvFiles.userId, users.id))
    .leftJoin(verifications, eq(verifications.userId, users.id))
    .leftJoin(verificationDocuments, eq(verificationDocuments.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  const profile = row.profile ?? undefined;
  return {
    id: row.user.id,
    username: row.user.email,
    role: row.user.role,
    preferredRegion: profile?.preferredRegion ?? '',
    profile: profileResponse(row.user.role, profile, row.cvUserId ? await cvUrl(row.user.id) : null),
    email_verified: row.user.emailVerifiedAt !== null,
    verification: row.verification ?? null,
    // The reason is the user's only while rejected: a request sent again waits without the old one.
    verification_reason: row.verification === 'rejected' ? (row.verificationReason ?? null) : null,
    verification_document_uploaded_at: row.documentUploadedAt?.toISOString() ?? null,
  };
}

/**
 * Profile save: read-only and foreign fields are ignored, the rest replaces what was there. An owner's pharmacy follows
 * its own rules (updateOwnerProfile, decision 048). A pharmacist's changed albo
 * entry asks for a new check, in the same transaction (two tables: the user's row is locked first, docs/architecture.md).
 */
export async function updateProfile(db: TDb, user: { id: number; role: TRole }, input: Record<string, unknown>, now: Date) {
  const ignored = [
    ...foreignProfileFields(user.role),
    ...readOnlyProfileFields(user.role),
    ...fixedOnceVerifiedFields(user.role),
  ];
  const fields = checkPlaces(withoutFields(toProfileColumns(input), ignored));
  if (user.role === 'titolare') return updateOwnerProfile(db, user.id, fields, toProfileColumns(input), now);
  await writeTransaction(db, async (tx) => {
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
    // The account deleted by a concurrent request (or on another instance): its session is over.
    if (!account) throw unauthorized();
    const [before] = await tx
      .select({
        ordineProvincia: profiles.ordineProvincia,
        dataIscrizioneAlbo: profiles.dataIscrizioneAlbo,
        numeroIscrizioneAlbo: profiles.numeroIscrizioneAlbo,
        communicationConsent: profiles.communicationConsent,
      })
      .from(profiles)
      .where(eq(profiles.userId, user.id));
    await tx
      .insert(profiles)
      .values({ ...fields, userId: user.id })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, updatedAt: new Date() } });
    await recordChangedConsent(tx, user.id, before?.communicationConsent, fields, now);
    // The entry as it now stands: a field the save did not name is kept (decision 084).
    if (user.role === 'farmacista') await recordChangedAlboEntry(tx, user.id, before, { ...before, ...fields }, now);
  });
}

/**
 * What a save asks of an owner's pharmacy (decision 048): a registry code, or name, address and comune all typed (a
 * pharmacy the registry lacks); anything less (a client that sends some of them, as the original one does) leaves
 * the pharmacy as it is. A blank VAT number leaves it as it is too.
 */
function requestedPharmacy(sent: TProfileFields): TProfileFields | undefined {
  if (sent.codFarmacia) return { codFarmacia: sent.codFarmacia };
  if (sent.denominazioneFarmacia && sent.indirizzoFarmacia && sent.comuneFarmacia)
    return checkPlaces({
      codFarmacia: '',
      denominazioneFarmacia: sent.denominazioneFarmacia,
      indirizzoFarmacia: sent.indirizzoFarmacia,
      comuneFarmacia: sent.comuneFarmacia,
    });
  return undefined;
}

const PHARMACY_KEYS = ['codFarmacia', 'denominazioneFarmacia', 'indirizzoFarmacia', 'comuneFarmacia', 'partitaIva'] as const;

/**
 * An owner's save. Until an admin has verified them the pharmacy and the VAT number may change (checked against the
 * registry); once verified they are ignored, like the other read-only fields. A rejected owner who changes them asks
 * again: the verification goes back to pending. Lock order (docs/architecture.md): the user's row first, so an
 * admin's decision (which takes it too) is either before the save, and seen by it, or after it.
 */
async function updateOwnerProfile(db: TDb, userId: number, fields: TProfileFields, sent: TProfileFields, now: Date) {
  const asked = requestedPharmacy(sent);
  const askedVat = sent.partitaIva || undefined;
  await writeTransaction(db, async (tx) => {
    const [row] = await tx
      .select({
        id: users.id,
        status: verifications.status,
        current: {
          codFarmacia: profiles.codFarmacia,
          denominazioneFarmacia: profiles.denominazioneFarmacia,
          indirizzoFarmacia: profiles.indirizzoFarmacia,
          comuneFarmacia: profiles.comuneFarmacia,
          partitaIva: profiles.partitaIva,
        },
        consent: profiles.communicationConsent,
      })
      .from(users)
      .leftJoin(verifications, eq(verifications.userId, users.id))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, userId))
      .for('no key update', { of: users });
    // The account deleted by a concurrent request (or on another instance): its session is over.
    if (!row) throw unauthorized();
    let pharmacy: TProfileFields = {};
    let changed = false;
    if (row.status !== 'verified' && (asked || askedVat)) {
      const current: TProfileFields = row.current ?? {};
      const vat = askedVat ?? current.partitaIva ?? '';
      const code = asked ? asked.codFarmacia : current.codFarmacia;
      // The VAT number is compared with the registry row the owner will have, new or kept.
      const checked = await withRegistryPharmacy(tx, { codFarmacia: code ?? '', partitaIva: vat }, userId);
      pharmacy = asked?.codFarmacia ? checked : { ...asked, partitaIva: vat };
      changed = PHARMACY_KEYS.some((key) => pharmacy[key] !== undefined && pharmacy[key] !== (current[key] ?? ''));
    }
    const values = { ...fields, ...pharmacy };
    await tx
      .insert(profiles)
      .values({ ...values, userId })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: now } });
    await recordChangedConsent(tx, userId, row.consent, fields, now);
    if (changed && row.status === 'rejected')
      await tx
        .update(verifications)
        .set({ status: 'pending', requestedAt: now, reason: null, decidedAt: null, decidedBy: null })
        .where(and(eq(verifications.userId, userId), eq(verifications.status, 'rejected')));
  });
}

export async function getDescription(db: TDb, userId: number): Promise<string> {
  const [row] = await db.select({ descrizione: profiles.descrizione }).from(profiles).where(eq(profiles.userId, userId));
  return row?.descrizione ?? '';
}

export async function updateDescription(db: TDb, userId: number, descrizione: string) {
  await unlessParentGone(
    () =>
      db
        .insert(profiles)
        .values({ userId, descrizione })
        .onConflictDoUpdate({ target: profiles.userId, set: { descrizione, updatedAt: new Date() } }),
    unauthorized,
  );
}
