/** Accounts and profiles: creation (registration, admin bootstrap, seed, test factories), reads, updates, erasure. */

import { randomUUID } from 'node:crypto';
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
import { and, eq, isNull, ne, sql, TransactionRollbackError } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { consentEvents, cvFiles, profiles, users, verificationDocuments, verifications } from '../../db/schema';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { TSessionUser } from '../../lib/session-user-cache';
import { isUniqueViolation, unlessParentGone } from '../../lib/sql';
import { writeTransaction } from '../../lib/transactions';
import { recordChangedAlboEntry, recordRegisteredAlboEntry } from '../albo';
import { findComune } from '../geo';
import { lockOffersOfAccount, releaseAcceptedPlaces } from '../offers';
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
function withoutFields(fields: TProfileFields, names: readonly TProfileFieldName[]): TProfileFields {
  const out: Record<string, unknown> = { ...fields };
  for (const name of names) delete out[PROFILE_FIELDS[name].key];
  return out as TProfileFields;
}

/** Comuni must be real: their names are normalised to the official spelling (an offer's map position depends on it). */
function checkPlaces(fields: TProfileFields): TProfileFields {
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
async function withRegistryPharmacy(db: TDb, fields: TProfileFields, ownerId?: number): Promise<TProfileFields> {
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

export interface TNewAccount {
  email: string;
  password: string;
  role: TRole;
  profile?: Record<string, unknown>;
  /**
   * Made already checked: the e-mail confirmed and, for an owner, verified. For the demo, the tests and the
   * benchmarks; a registration is never made so (it confirms by mail and waits for an admin).
   */
  verified?: boolean;
  /** The e-mail confirmed whatever `verified` says (a test's owner who confirmed but waits for the admin). */
  emailConfirmed?: boolean;
  /** The moment of the registration (the injected clock), for the consent history; the database's time without. */
  now?: Date;
}

/** The admin bootstrap, the seed and the factories: an address already used is a conflict they report. */
const emailTaken = () => conflict(MESSAGES.emailTaken, 'email_taken');

/** What a caller writes with the new account, in its transaction (registration: the e-mail confirmation link and its mail). */
export interface TAccountCreation {
  withAccount?: (tx: TDb, user: { id: number; email: string; role: TRole }) => Promise<void>;
}

/** The checked columns of a new account: the role's profile fields, real places, the registry's pharmacy, the hash. */
async function preparedAccount(db: TDb, input: TNewAccount) {
  let profile = checkPlaces(withoutFields(toProfileColumns(input.profile ?? {}), foreignProfileFields(input.role)));
  if (input.role === 'titolare') profile = await withRegistryPharmacy(db, profile);
  return { email: input.email.trim().toLowerCase(), profile, passwordHash: await hashPassword(input.password) };
}

/** Writes the user, the profile and the role's verification row; call it in a transaction. */
async function insertAccount(tx: TDb, input: TNewAccount, prepared: Awaited<ReturnType<typeof preparedAccount>>) {
  const { email, profile, passwordHash } = prepared;
  const [user] = await tx
    .insert(users)
    .values({
      email,
      passwordHash,
      role: input.role,
      emailVerifiedAt: (input.emailConfirmed ?? input.verified) ? new Date() : null,
    })
    .returning({ id: users.id, email: users.email, role: users.role });
  if (!user) throw new Error('insert returned no row');
  await tx.insert(profiles).values({ ...profile, userId: user.id });
  // The consent as given at registration, false too: the first row of its history (decision 066).
  await recordConsent(tx, user.id, profile.communicationConsent === true, 'registration', input.now);
  // A pharmacist who declared their albo entry waits for an admin's check (decision 050).
  if (input.role === 'farmacista') await recordRegisteredAlboEntry(tx, user.id, profile, input.verified === true, new Date());
  if (input.role === 'titolare') {
    await tx
      .insert(verifications)
      .values(
        input.verified ? { userId: user.id, status: 'verified', decidedAt: new Date() } : { userId: user.id, status: 'pending' },
      );
  }
  return user;
}

/** Creates a user and its profile in one transaction; 409 when the e-mail is taken (the admin bootstrap, seed, factories). */
export async function createAccount(
  db: TDb,
  input: TNewAccount,
  { withAccount }: TAccountCreation = {},
): Promise<{ id: number; email: string; role: TRole }> {
  if (await findUserByEmail(db, input.email)) throw emailTaken();
  const prepared = await preparedAccount(db, input);
  try {
    return await db.transaction(async (tx) => {
      const user = await insertAccount(tx, input, prepared);
      await withAccount?.(tx, user);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * The writes of a new account under an address that can exist nowhere, undone at once (a savepoint rolled back): a
 * registration of a taken address does the work of a new one, so its time does not tell them apart (decision 054).
 */
async function rehearseAccount(tx: TDb, input: TNewAccount, prepared: Awaited<ReturnType<typeof preparedAccount>>) {
  try {
    await tx.transaction(async (savepoint) => {
      await insertAccount(savepoint as unknown as TDb, input, { ...prepared, email: `${randomUUID()}@registrazione.invalid` });
      savepoint.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
}

/** What a registration writes besides the account, each in the transaction that holds the user's row (decision 054). */
export interface TRegistration {
  /** A new account: its confirmation link and mail. */
  withAccount: (tx: TDb, user: { id: number; email: string; role: TRole }) => Promise<void>;
  /** The address has an account already: the mail that tells its owner; the account itself is not touched. */
  ifTaken: (tx: TDb, existing: { id: number; email: string; emailVerifiedAt: Date | null }) => Promise<void>;
}

/**
 * A self-service registration (decision 054): a new address gets its account, a taken one only the mail of `ifTaken`,
 * and the caller cannot tell which happened. Both do the same work (the profile's checks, the password's hash, the
 * account's inserts, rolled back for a taken address), so both take about the same time. Two registrations of one new address at once: the second finds the first's row
 * (it waits on the unique index), and is a taken address like any other.
 */
export async function registerAccount(db: TDb, input: TNewAccount, { withAccount, ifTaken }: TRegistration): Promise<void> {
  const prepared = await preparedAccount(db, input);
  const existingIn = async (tx: TDb) => {
    const [row] = await tx
      .select({ id: users.id, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(sql`lower(${users.email})`, prepared.email))
      .for('no key update');
    return row;
  };
  try {
    await writeTransaction(db, async (tx) => {
      const existing = await existingIn(tx);
      if (existing) {
        await rehearseAccount(tx, input, prepared);
        return ifTaken(tx, existing);
      }
      await withAccount(tx, await insertAccount(tx, input, prepared));
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await writeTransaction(db, async (tx) => {
      const existing = await existingIn(tx);
      if (existing) await ifTaken(tx, existing);
    });
  }
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

/**
 * GDPR erasure: the user row goes, and with it (ON DELETE CASCADE) profile, CV, refresh tokens (so every session
 * ends), reset tokens, offers, applications.
 */
export async function deleteAccount(db: TDb, userId: number) {
  if (!(await eraseAccount(db, userId, async () => true))) throw notFound();
}

/** What an erasure may look at, under the lock of the user's row, before it goes ahead. */
export interface TAccountToErase {
  id: number;
  role: TRole;
  lastActiveAt: Date;
}

/**
 * The erasure of 'Elimina account', when `goAhead` agrees: it is asked inside the transaction, once the user's row is
 * locked, so nothing the user does meanwhile (a login, "keep my account") is missed. The inactivity erasure (decision
 * 068) uses it with its own check. True when the account was erased.
 */
export async function eraseAccount(
  db: TDb,
  userId: number,
  goAhead: (tx: TDb, user: TAccountToErase) => Promise<boolean>,
): Promise<boolean> {
  const deleted = await writeTransaction(db, async (tx) => {
    // The lock order (docs/architecture.md): the user's row, then the offers the cascade reaches in id order, then
    // the cascade itself. Deleting the row at once would hold it while the cascade waits for an offer's applications,
    // and a withdrawal or a decision holding those would wait for the row to write its notification: a deadlock.
    const [user] = await tx
      .select({ id: users.id, role: users.role, lastActiveAt: users.lastActiveAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    if (!user || !(await goAhead(tx, user))) return [];
    await lockOffersOfAccount(tx, userId);
    // The places a deleted pharmacist was accepted for are free again (the cascade removes the applications).
    await releaseAcceptedPlaces(tx, userId);
    return tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  });
  return deleted.length > 0;
}

/** Creates the admin named by ADMIN_EMAIL/ADMIN_PASSWORD (or the create-admin command) unless that e-mail exists. */
export async function ensureAdmin(db: TDb, email: string, password: string): Promise<'created' | 'exists'> {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.role !== 'admin') throw conflict(`${email} esiste già come ${existing.role}.`, 'email_taken');
    return 'exists';
  }
  // The admin's address is the operator's own, given in the configuration: nothing to confirm by mail.
  await createAccount(db, {
    email,
    password,
    role: 'admin',
    profile: { name: 'Amministratore', surname: 'Farmaponte' },
    verified: true,
  });
  return 'created';
}
