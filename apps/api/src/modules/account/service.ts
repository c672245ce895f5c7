/** Accounts and profiles: creation (registration, admin bootstrap, seed, test factories), reads, updates, erasure. */
import { MESSAGES, type TProfile, type TRole, type TUserDetails } from '@farmaponte/shared';
import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { cvFiles, profiles, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { findComune } from '../geo/comuni';

export type TProfileRow = typeof profiles.$inferSelect;
export type TProfileFields = Partial<Omit<typeof profiles.$inferInsert, 'userId' | 'updatedAt'>>;

/** API field names (spec §3) → columns. */
export function toProfileColumns(input: Record<string, unknown>): TProfileFields {
  const map: Record<string, keyof TProfileFields> = {
    name: 'name',
    surname: 'surname',
    dob: 'dob',
    placeOfBirth: 'placeOfBirth',
    telephone: 'telephone',
    regione_residenza: 'regioneResidenza',
    provincia_residenza: 'provinciaResidenza',
    comune: 'comune',
    via: 'via',
    numero_iscrizione_albo: 'numeroIscrizioneAlbo',
    titolo: 'titolo',
    preferredRegion: 'preferredRegion',
    communicationConsent: 'communicationConsent',
    privacyPolicyConsent: 'privacyPolicyConsent',
    denominazione_farmacia: 'denominazioneFarmacia',
    indirizzo_farmacia: 'indirizzoFarmacia',
    partita_iva: 'partitaIva',
    comune_farmacia: 'comuneFarmacia',
  };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const column = map[key];
    if (column && value !== undefined) out[column] = value;
  }
  return out as TProfileFields;
}

/** Fields that belong to the other role are blanked, so a pharmacist never carries a VAT number and vice versa. */
const FARMACISTA_ONLY = ['numeroIscrizioneAlbo', 'titolo', 'preferredRegion'] as const;
const TITOLARE_ONLY = ['denominazioneFarmacia', 'indirizzoFarmacia', 'partitaIva', 'comuneFarmacia'] as const;
/** Read-only after registration (DESIGN §5). */
const READ_ONLY: Record<TRole, readonly (keyof TProfileFields)[]> = {
  farmacista: ['numeroIscrizioneAlbo', 'privacyPolicyConsent'],
  titolare: ['denominazioneFarmacia', 'indirizzoFarmacia', 'comuneFarmacia', 'privacyPolicyConsent'],
  admin: ['privacyPolicyConsent'],
};

function keepRoleFields(role: TRole, fields: TProfileFields): TProfileFields {
  const out = { ...fields };
  const foreign =
    role === 'farmacista' ? TITOLARE_ONLY : role === 'titolare' ? FARMACISTA_ONLY : [...FARMACISTA_ONLY, ...TITOLARE_ONLY];
  for (const key of foreign) delete out[key];
  return out;
}

/** Comuni must be real: their names are normalised to the official spelling (an offer's map position depends on it). */
function checkPlaces(fields: TProfileFields): TProfileFields {
  const out = { ...fields };
  if (out.comune) {
    const comune = findComune(out.comune, out.provinciaResidenza || undefined);
    if (!comune) throw badRequest(MESSAGES.invalidComune, 'invalid_comune', { comune: MESSAGES.invalidComune });
    out.comune = comune.nome;
  }
  if (out.comuneFarmacia) {
    const comune = findComune(out.comuneFarmacia);
    if (!comune) throw badRequest(MESSAGES.invalidComune, 'invalid_comune', { comune_farmacia: MESSAGES.invalidComune });
    out.comuneFarmacia = comune.nome;
  }
  return out;
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function findUserByEmail(db: TDb, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return user;
}

export interface TNewAccount {
  email: string;
  password: string;
  role: TRole;
  profile?: Record<string, unknown>;
}

/** The e-mail field names the problem, so the registration form can mark it. */
const emailTaken = () => conflict(MESSAGES.emailTaken, 'email_taken', { username: MESSAGES.emailTaken });

/** Creates a user and its profile in one transaction; 409 when the e-mail is taken. */
export async function createAccount(db: TDb, input: TNewAccount): Promise<{ id: number; email: string; role: TRole }> {
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(db, email)) throw emailTaken();
  const profile = checkPlaces(keepRoleFields(input.role, toProfileColumns(input.profile ?? {})));
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, passwordHash, role: input.role })
        .returning({ id: users.id, email: users.email, role: users.role });
      if (!user) throw new Error('insert returned no row');
      await tx.insert(profiles).values({ ...profile, userId: user.id });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export function profileResponse(role: TRole, p: TProfileRow | undefined, pdfUrl: string | null): TProfile {
  return {
    userRole: role,
    name: p?.name ?? '',
    surname: p?.surname ?? '',
    dob: p?.dob ?? '',
    placeOfBirth: p?.placeOfBirth ?? '',
    telephone: p?.telephone ?? '',
    regione_residenza: p?.regioneResidenza ?? '',
    provincia_residenza: p?.provinciaResidenza ?? '',
    comune: p?.comune ?? '',
    via: p?.via ?? '',
    numero_iscrizione_albo: p?.numeroIscrizioneAlbo ?? '',
    titolo: p?.titolo ?? '',
    preferredRegion: p?.preferredRegion ?? '',
    communicationConsent: p?.communicationConsent ?? false,
    privacyPolicyConsent: p?.privacyPolicyConsent ?? false,
    denominazione_farmacia: p?.denominazioneFarmacia ?? '',
    indirizzo_farmacia: p?.indirizzoFarmacia ?? '',
    partita_iva: p?.partitaIva ?? '',
    comune_farmacia: p?.comuneFarmacia ?? '',
    descrizione: p?.descrizione ?? '',
    pdf_file: pdfUrl,
  };
}

/** A user with profile as GET /api/user/details/ answers; cvUrl signs a download link when a CV is stored. */
export async function getUserDetails(db: TDb, userId: number, cvUrl: (userId: number) => Promise<string>): Promise<TUserDetails> {
  const [row] = await db
    .select({ user: { id: users.id, email: users.email, role: users.role }, profile: profiles, cvUserId: cvFiles.userId })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(cvFiles, eq(cvFiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  const profile = row.profile ?? undefined;
  return {
    id: row.user.id,
    username: row.user.email,
    role: row.user.role,
    preferredRegion: profile?.preferredRegion ?? '',
    profile: profileResponse(row.user.role, profile, row.cvUserId ? await cvUrl(row.user.id) : null),
  };
}

/** Profile save: read-only and foreign fields are ignored, the rest replaces what was there. */
export async function updateProfile(db: TDb, user: { id: number; role: TRole }, input: Record<string, unknown>) {
  const editable = keepRoleFields(user.role, toProfileColumns(input));
  for (const key of READ_ONLY[user.role]) delete editable[key];
  const fields = checkPlaces(editable);
  await db
    .insert(profiles)
    .values({ ...fields, userId: user.id })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, updatedAt: new Date() } });
}

export async function getDescription(db: TDb, userId: number): Promise<string> {
  const [row] = await db.select({ descrizione: profiles.descrizione }).from(profiles).where(eq(profiles.userId, userId));
  return row?.descrizione ?? '';
}

export async function updateDescription(db: TDb, userId: number, descrizione: string) {
  await db
    .insert(profiles)
    .values({ userId, descrizione })
    .onConflictDoUpdate({ target: profiles.userId, set: { descrizione, updatedAt: new Date() } });
}

/** GDPR erasure: the user row goes, and with it (ON DELETE CASCADE) profile, CV, sessions, reset tokens, offers, applications. */
export async function deleteAccount(db: TDb, userId: number) {
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  if (deleted.length === 0) throw notFound();
}

/** Creates the admin named by ADMIN_EMAIL/ADMIN_PASSWORD (or the create-admin command) unless that e-mail exists. */
export async function ensureAdmin(db: TDb, email: string, password: string): Promise<'created' | 'exists'> {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.role !== 'admin') throw conflict(`${email} esiste già come ${existing.role}.`, 'email_taken');
    return 'exists';
  }
  await createAccount(db, { email, password, role: 'admin', profile: { name: 'Amministratore', surname: 'Farmaponte' } });
  return 'created';
}
