/** Builders of realistic data, shared by the tests, the demo seed and the benchmark dataset. */
import { randomUUID } from 'node:crypto';
import type { TRole } from '@farmaponte/shared';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { TDb } from './db/client';
import { applications, offers } from './db/schema';
import { createAccount } from './modules/account/service';
import { storeCv } from './modules/cv/service';

export const DEFAULT_PASSWORD = 'Farmaponte2026!';

const unique = () => randomUUID().slice(0, 8);

export interface TCreatedUser {
  id: number;
  email: string;
  password: string;
  role: TRole;
}

async function createUser(
  db: TDb,
  role: TRole,
  profile: Record<string, unknown>,
  overrides: { email?: string; password?: string },
) {
  const email = overrides.email ?? `${role}-${unique()}@example.it`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const user = await createAccount(db, { email, password, role, profile });
  return { id: user.id, email: user.email, password, role };
}

export function pharmacistProfile(overrides: Record<string, unknown> = {}) {
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
    numero_iscrizione_albo: 'MI-12345',
    titolo: 'Laurea magistrale in Farmacia',
    preferredRegion: 'Lombardia',
    communicationConsent: true,
    privacyPolicyConsent: true,
    ...overrides,
  };
}

export function ownerProfile(overrides: Record<string, unknown> = {}) {
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
    partita_iva: '01234567890',
    comune_farmacia: 'Roma',
    privacyPolicyConsent: true,
    ...overrides,
  };
}

export const createPharmacist = (
  db: TDb,
  overrides: { email?: string; password?: string; profile?: Record<string, unknown> } = {},
) => createUser(db, 'farmacista', pharmacistProfile(overrides.profile), overrides);

export const createOwner = (db: TDb, overrides: { email?: string; password?: string; profile?: Record<string, unknown> } = {}) =>
  createUser(db, 'titolare', ownerProfile(overrides.profile), overrides);

export const createAdmin = (db: TDb, overrides: { email?: string; password?: string } = {}) =>
  createUser(db, 'admin', { name: 'Amministratore', surname: 'Farmaponte' }, overrides);

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
  overrides: Partial<{ title: string; description: string; salary: string; dateFrom: string | null; dateTo: string | null }> = {},
) {
  const [offer] = await db
    .insert(offers)
    .values({
      ownerId,
      title: 'Farmacista per turno',
      description: 'Cerchiamo un farmacista per il banco e la dispensazione.',
      salary: '18 €/ora',
      dateFrom: null,
      dateTo: null,
      ...overrides,
    })
    .returning();
  if (!offer) throw new Error('offer not created');
  return offer;
}

export async function createApplication(db: TDb, offerId: number, farmacistaId: number, submittedAt = new Date()) {
  const [application] = await db.insert(applications).values({ offerId, farmacistaId, submittedAt }).returning();
  if (!application) throw new Error('application not created');
  return application;
}
