/** A new account: registration, the admin bootstrap, the seed and the factories (decision 054 for what a registration writes with it). */

import { randomUUID } from 'node:crypto';
import { foreignProfileFields, MESSAGES, type TRole } from '@farmaponte/shared';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { organisationMembers, organisationPharmacies, organisations, profiles, users, verifications } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/sql';
import { writeTransaction } from '../../lib/transactions';
import { recordRegisteredAlboEntry } from '../albo';
import { checkPlaces, findUserByEmail, recordConsent, toProfileColumns, withoutFields, withRegistryPharmacy } from './service';

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
  /**
   * An owner-side person joining an organisation's staff by invitation (decision 089): no pharmacy of their own, no
   * organisation, no verification; the caller writes their membership.
   */
  staff?: boolean;
  /**
   * A pharmacy added to this organisation (decision 089): an owner account with no login of its own (an empty password
   * hash never verifies), that its organisation's people act for.
   */
  organisationId?: number;
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
  const passwordHash = input.organisationId !== undefined ? '' : await hashPassword(input.password);
  return { email: input.email.trim().toLowerCase(), profile, passwordHash };
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
  if (input.role === 'titolare' && !input.staff) {
    await tx
      .insert(verifications)
      .values(
        input.verified ? { userId: user.id, status: 'verified', decidedAt: new Date() } : { userId: user.id, status: 'pending' },
      );
    await placeInOrganisation(tx, user.id, profile, input.organisationId);
  }
  return user;
}

/**
 * An owner's pharmacy in its organisation (decision 089): a new owner's own organisation, named after the pharmacy and
 * with its VAT number, with them as its titolare; or the organisation a pharmacy is added to.
 */
async function placeInOrganisation(tx: TDb, pharmacyId: number, profile: Record<string, unknown>, organisationId?: number) {
  let organisation = organisationId;
  if (organisation === undefined) {
    const named = String(profile.denominazioneFarmacia ?? '') || `${profile.name ?? ''} ${profile.surname ?? ''}`.trim();
    const [created] = await tx
      .insert(organisations)
      .values({ name: named, partitaIva: String(profile.partitaIva ?? '') })
      .returning({ id: organisations.id });
    if (!created) throw new Error('insert returned no row');
    organisation = created.id;
    await tx.insert(organisationMembers).values({ organisationId: organisation, userId: pharmacyId, role: 'titolare' });
  }
  await tx.insert(organisationPharmacies).values({ pharmacyId, organisationId: organisation });
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
    return await writeTransaction(db, async (tx) => {
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
    // A savepoint inside the registration's writeTransaction, always rolled back: its retry is the outer one's.
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
