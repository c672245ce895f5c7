/** Builders of realistic data, shared by the tests, the demo seed and the benchmark dataset. */
import { randomUUID } from 'node:crypto';
import {
  LIMITS,
  type TApplicationStatus,
  type TCcnlLevel,
  type TLegalForm,
  type TProfileValues,
  type TRole,
} from '@farmaponte/shared';
import type { TAvailabilityPayload } from '@farmaponte/shared/availability';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { TDb } from './db/client';
import { invitations, organisationMembers, organisationPharmacies, users, verifications } from './db/schema';
import { createAccount } from './modules/account';
import { saveAvailability } from './modules/availability';
import { storeCv } from './modules/cv';
import { countAccepted, insertApplication, writeStatusAsIf } from './modules/hiring';
import { invitationExpiry } from './modules/invitations';
import { insertOffer } from './modules/offers';

export const DEFAULT_PASSWORD = 'Farmaponte2026!';

const unique = () => randomUUID().slice(0, 8);

export interface TCreatedUser {
  id: number;
  email: string;
  password: string;
  role: TRole;
}

/** Profile values as the API takes them (packages/shared/src/profile-fields.ts): a new field is typed here too. */
type TProfileOverrides = Partial<TProfileValues>;

export interface TUserOverrides {
  email?: string;
  password?: string;
  /** Profile fields over the role's realistic defaults (ignored for an admin). */
  profile?: TProfileOverrides;
  /** false: as a fresh registration (e-mail not confirmed, an owner waiting for an admin). Default true. */
  verified?: boolean;
  /** The e-mail confirmed; default: as `verified`. */
  emailConfirmed?: boolean;
}

/** A user of the given role with a realistic profile, through the same createAccount as registration. */
export async function createUser(db: TDb, role: TRole, overrides: TUserOverrides = {}): Promise<TCreatedUser> {
  const email = overrides.email ?? `${role}-${unique()}@example.it`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const profile =
    role === 'farmacista'
      ? pharmacistProfile(overrides.profile)
      : role === 'titolare'
        ? ownerProfile(overrides.profile)
        : { name: 'Amministratore', surname: 'Farmaponte' };
  const user = await createAccount(db, {
    email,
    password,
    role,
    profile,
    verified: overrides.verified ?? true,
    emailConfirmed: overrides.emailConfirmed,
  });
  return { id: user.id, email: user.email, password, role };
}

export function pharmacistProfile(overrides: TProfileOverrides = {}): TProfileOverrides {
  return {
    name: 'Giulia',
    surname: 'Bianchi',
    dob: '1992-04-15',
    placeOfBirth: 'Bergamo',
    telephone: '3331234567',
    regione_residenza: 'Lombardia',
    provincia_residenza: 'MI',
    comune: 'Milano',
    via: 'Via Torino 12',
    // The albo entry (decision 050): an account made checked has it verified.
    ordine_provincia: 'MI',
    data_iscrizione_albo: '2017-07-10',
    numero_iscrizione_albo: '12345',
    titolo: 'Laurea magistrale in Farmacia',
    preferredRegion: 'Lombardia',
    communicationConsent: true,
    privacyPolicyConsent: true,
    ...overrides,
  };
}

export function ownerProfile(overrides: TProfileOverrides = {}): TProfileOverrides {
  return {
    name: 'Marco',
    surname: 'Rossi',
    dob: '1975-09-02',
    placeOfBirth: 'Roma',
    telephone: '0612345678',
    regione_residenza: 'Lazio',
    provincia_residenza: 'RM',
    comune: 'Roma',
    via: 'Via Appia Nuova 100',
    denominazione_farmacia: 'Farmacia San Giovanni',
    indirizzo_farmacia: 'Via Appia Nuova 98, Roma',
    partita_iva: '01234567897',
    comune_farmacia: 'Roma',
    privacyPolicyConsent: true,
    ...overrides,
  };
}

export const createPharmacist = (db: TDb, overrides?: TUserOverrides) => createUser(db, 'farmacista', overrides);

/** The organisation an owner's pharmacy belongs to (decision 089). */
export async function organisationOf(db: TDb, pharmacyId: number): Promise<number> {
  const [row] = await db
    .select({ id: organisationPharmacies.organisationId })
    .from(organisationPharmacies)
    .where(eq(organisationPharmacies.pharmacyId, pharmacyId));
  if (!row) throw new Error(`pharmacy ${pharmacyId} has no organisation`);
  return row.id;
}

/**
 * A person on an organisation's staff with this role (and pharmacies), as an accepted invitation leaves them: an
 * owner-side account of their own, confirmed, and their membership. For the demo, the benchmarks and tests that do not
 * walk the invitation's link.
 */
export async function createStaffMember(
  db: TDb,
  organisationId: number,
  role: 'titolare' | 'responsabile' | 'consultazione',
  pharmacyIds: number[],
  overrides: { email?: string; password?: string; name?: string; surname?: string } = {},
): Promise<TCreatedUser> {
  const email = overrides.email ?? `staff-${unique()}@example.it`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const user = await createAccount(
    db,
    {
      email,
      password,
      role: 'titolare',
      staff: true,
      emailConfirmed: true,
      profile: { name: overrides.name ?? 'Laura', surname: overrides.surname ?? 'Neri', privacyPolicyConsent: true },
    },
    {
      withAccount: async (tx, created) => {
        await tx
          .insert(organisationMembers)
          .values({ organisationId, userId: created.id, role, pharmacyIds: role === 'titolare' ? [] : pharmacyIds });
      },
    },
  );
  return { id: user.id, email: user.email, password, role: 'titolare' };
}
export const createOwner = (db: TDb, overrides?: TUserOverrides) => createUser(db, 'titolare', overrides);
export const createAdmin = (db: TDb, overrides?: Omit<TUserOverrides, 'profile'>) => createUser(db, 'admin', overrides);

/** A real one-page PDF CV, as a pharmacist would upload. */
export async function makeCvPdf(fullName = 'Giulia Bianchi'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Curriculum Vitae', { x: 50, y: 780, size: 24, font });
  page.drawText(fullName, { x: 50, y: 740, size: 16, font });
  page.drawText("Farmacista abilitata, iscritta all'albo.", { x: 50, y: 710, size: 12, font });
  return Buffer.from(await doc.save());
}

export async function giveCv(db: TDb, userId: number, fullName?: string) {
  await storeCv(db, userId, await makeCvPdf(fullName), new Date());
}

export async function createOffer(
  db: TDb,
  ownerId: number,
  overrides: Partial<{
    title: string;
    description: string;
    salary: string;
    dateFrom: string | null;
    dateTo: string | null;
    positions: number;
    closedAt: Date | null;
    hourlyPay: number | null;
    startTime: string | null;
    endTime: string | null;
    createdAt: Date;
    /** null: waiting for the owner's approval (pending_verification); default: when it was written. */
    publishedAt: Date | null;
    /** Default: dipendente at level 1 (decision 093). */
    legalForms: TLegalForm[];
    ccnlLevel: TCcnlLevel | null;
  }> = {},
) {
  return insertOffer(db, {
    ownerId,
    title: 'Farmacista per turno',
    description: 'Cerchiamo un farmacista per il banco e la dispensazione.',
    salary: '18 €/ora',
    hourlyPay: 18,
    dateFrom: null,
    dateTo: null,
    ...overrides,
  });
}

/** No albo entry at all: a pharmacist who has not declared one (profile overrides). */
export const NO_ALBO_ENTRY = { ordine_provincia: '', data_iscrizione_albo: '', numero_iscrizione_albo: '' } as const;

/**
 * Puts a user's check in a state as an admin's decision (or a yearly re-check) would leave it, without the rules or the
 * notification: pending (requested `at`), verified (decided `at`; a pharmacist due again LIMITS.alboRecheckAfterDays
 * later) or rejected with a reason. For the demo and for tests.
 */
export async function setVerification(
  db: TDb,
  userId: number,
  status: 'pending' | 'verified' | 'rejected',
  { reason = null, at = new Date() }: { reason?: string | null; at?: Date } = {},
) {
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  const recheckAt =
    status === 'verified' && user?.role === 'farmacista'
      ? new Date(at.getTime() + LIMITS.alboRecheckAfterDays * 24 * 60 * 60 * 1000)
      : null;
  const state =
    status === 'pending'
      ? { status, reason: null, requestedAt: at, decidedAt: null, recheckAt: null }
      : { status, reason: status === 'rejected' ? reason : null, decidedAt: at, recheckAt };
  await db
    .insert(verifications)
    .values({ userId, requestedAt: at, ...state })
    .onConflictDoUpdate({ target: verifications.userId, set: state });
}

export function createApplication(db: TDb, offerId: number, farmacistaId: number, submittedAt = new Date()) {
  return insertApplication(db, { offerId, farmacistaId, submittedAt });
}

/**
 * Moves an application to a status as if it had happened (history, message, the offer's accepted count), without
 * the rules or the notifications: for the demo and for tests that need an application in a given state.
 */
export async function setApplicationStatus(
  db: TDb,
  application: { id: number; offerId: number },
  status: TApplicationStatus,
  message: string | null = null,
  at = new Date(),
) {
  await writeStatusAsIf(db, [application.id], status, message, at);
  if (status === 'accepted') await countAccepted(db, application.offerId);
}

/**
 * A pharmacist's calendar as the page would save it (the same rules: days from today in Italy at `now`, a real
 * comune): from Milano within 30 km, any pay, visible to owners, with the given days.
 */
export function giveAvailability(db: TDb, userId: number, overrides: Partial<TAvailabilityPayload> = {}, now = new Date()) {
  return saveAvailability(
    db,
    userId,
    { days: [], comune: 'Milano', radius_km: 30, min_pay: null, visible: true, ...overrides },
    now,
  );
}

/**
 * An invitation as if the owner had sent it `createdAt` (default now), expiring as the rule says unless `expiresAt` is
 * given, without the checks, the limits or the notification: for tests that need many or old ones.
 */
export async function createInvitation(
  db: TDb,
  offer: { id: number; dateFrom?: string | null; dateTo?: string | null },
  pharmacistId: number,
  overrides: Partial<{ createdAt: Date; expiresAt: Date; invitedBy: 'owner' | 'auto'; status: 'sent' | 'declined' }> = {},
) {
  const createdAt = overrides.createdAt ?? new Date();
  const expiresAt =
    overrides.expiresAt ?? invitationExpiry({ dateFrom: offer.dateFrom ?? null, dateTo: offer.dateTo ?? null }, createdAt);
  const [created] = await db
    .insert(invitations)
    .values({
      offerId: offer.id,
      pharmacistId,
      createdAt,
      expiresAt,
      invitedBy: overrides.invitedBy ?? 'owner',
      status: overrides.status ?? 'sent',
    })
    .returning({ id: invitations.id });
  if (!created) throw new Error('insert returned no row');
  return created;
}
