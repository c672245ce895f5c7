/**
 * The demo data of the README: one admin, two owners in different comuni, five pharmacists, a few offers, and the Rome
 * owner's applications in every status (sent, seen, accepted, rejected, withdrawn) and offers in every status.
 */
import { daysFromNow, MESSAGES } from '@farmaponte/shared';
import type { TDb } from '../../db/client';
import {
  createAdmin,
  createApplication,
  createOffer,
  createOwner,
  createPharmacist,
  DEFAULT_PASSWORD,
  giveCv,
  setApplicationStatus,
} from '../../factories';
import { countUsers } from '../account';
import { importRegistry, sampleRegistryCsv } from '../pharmacies';

export const DEMO_ACCOUNTS = {
  admin: 'admin@farmaponte.it',
  titolareMilano: 'titolare.milano@farmaponte.it',
  titolareRoma: 'titolare.roma@farmaponte.it',
  farmacistaConCv: 'giulia.bianchi@farmaponte.it',
  farmacista: 'luca.verdi@farmaponte.it',
  /** Applicants of the Rome owner, so the demo shows every status of an application and of an offer. */
  farmacistaAccettata: 'marta.russo@farmaponte.it',
  farmacistaVista: 'paolo.gallo@farmaponte.it',
  farmacistaRitirata: 'sara.conti@farmaponte.it',
  password: DEFAULT_PASSWORD,
} as const;

/** The demo accounts as the start-up banner lists them (the README's table). */
export function demoAccountsBanner(): string {
  const rows: [string, string][] = [
    ['admin', DEMO_ACCOUNTS.admin],
    ['titolare', DEMO_ACCOUNTS.titolareMilano],
    ['titolare', DEMO_ACCOUNTS.titolareRoma],
    ['farmacista', DEMO_ACCOUNTS.farmacistaConCv],
    ['farmacista', DEMO_ACCOUNTS.farmacista],
    ['farmacista', DEMO_ACCOUNTS.farmacistaAccettata],
    ['farmacista', DEMO_ACCOUNTS.farmacistaVista],
    ['farmacista', DEMO_ACCOUNTS.farmacistaRitirata],
  ];
  const lines = rows.map(([role, email]) => `  ${role.padEnd(11)} ${email}`);
  return `Account demo (password ${DEMO_ACCOUNTS.password}):\n${lines.join('\n')}\n\n`;
}
/** Generated registry rows the demo imports (the real Ministry file can be imported on top). */
export const DEMO_PHARMACIES = 400;

export async function seedDemo(db: TDb) {
  await createAdmin(db, { email: DEMO_ACCOUNTS.admin });
  await importRegistry(db, sampleRegistryCsv(DEMO_PHARMACIES, { historical: 40 }));
  const milano = await createOwner(db, {
    email: DEMO_ACCOUNTS.titolareMilano,
    profile: {
      name: 'Francesca',
      surname: 'Colombo',
      regione_residenza: 'Lombardia',
      provincia_residenza: 'MI',
      comune: 'Milano',
      via: 'Corso Buenos Aires 20',
      denominazione_farmacia: 'Farmacia Colombo',
      indirizzo_farmacia: 'Corso Buenos Aires 18, Milano',
      partita_iva: '09876543210',
      comune_farmacia: 'Milano',
      telephone: '0287654321',
    },
  });
  const roma = await createOwner(db, { email: DEMO_ACCOUNTS.titolareRoma });
  const giulia = await createPharmacist(db, { email: DEMO_ACCOUNTS.farmacistaConCv });
  await giveCv(db, giulia.id, 'Giulia Bianchi');
  await createPharmacist(db, {
    email: DEMO_ACCOUNTS.farmacista,
    profile: {
      name: 'Luca',
      surname: 'Verdi',
      regione_residenza: 'Lazio',
      provincia_residenza: 'RM',
      comune: 'Roma',
      numero_iscrizione_albo: 'RM-67890',
      preferredRegion: 'Lazio',
      dob: '1996-01-20',
    },
  });
  const sunday = await createOffer(db, milano.id, {
    title: 'Turno domenicale',
    description: 'Copertura del turno di domenica, 9:00-20:00, banco e preparazioni galeniche.',
    salary: '22 €/ora',
    dateFrom: daysFromNow(7),
    dateTo: daysFromNow(7),
  });
  await createOffer(db, milano.id, {
    title: 'Sostituzione estiva',
    description: 'Sostituzione per ferie del collaboratore, orario 8:30-13:00 e 15:30-19:30.',
    salary: '19 €/ora',
    dateFrom: daysFromNow(20),
    dateTo: daysFromNow(41),
  });
  // Giulia has already applied to the Sunday shift, so the Milan owner's "Candidature Ricevute" is not empty.
  await createApplication(db, sunday.id, giulia.id);
  const partTime = await createOffer(db, roma.id, {
    title: 'Farmacista collaboratore part-time',
    description: 'Ricerchiamo un farmacista collaboratore per 20 ore settimanali, anche prima esperienza.',
    salary: '17,50 €/ora',
    positions: 2,
  });
  await seedHiringLoop(db, roma.id, partTime.id);
}

/**
 * The Rome owner's hiring loop in every state: the part-time offer is open with 1 of 2 places taken (one accepted,
 * one seen, one withdrawn), a night shift is filled, an extraordinary opening is closed, a past holiday shift has expired
 * (with one application never answered).
 */
async function seedHiringLoop(db: TDb, romaId: number, partTimeId: number) {
  const applicant = async (email: string, name: string, surname: string, comune: string) => {
    const user = await createPharmacist(db, {
      email,
      profile: { name, surname, regione_residenza: 'Lazio', provincia_residenza: 'RM', comune, preferredRegion: 'Lazio' },
    });
    await giveCv(db, user.id, `${name} ${surname}`);
    return user;
  };
  const marta = await applicant(DEMO_ACCOUNTS.farmacistaAccettata, 'Marta', 'Russo', 'Roma');
  const paolo = await applicant(DEMO_ACCOUNTS.farmacistaVista, 'Paolo', 'Gallo', 'Fiumicino');
  const sara = await applicant(DEMO_ACCOUNTS.farmacistaRitirata, 'Sara', 'Conti', 'Tivoli');
  const apply = async (offerId: number, userId: number) => ({ id: (await createApplication(db, offerId, userId)).id, offerId });

  await setApplicationStatus(db, await apply(partTimeId, marta.id), 'accepted', 'Benvenuta! Ti aspettiamo lunedì alle 9.');
  await setApplicationStatus(db, await apply(partTimeId, paolo.id), 'seen');
  await setApplicationStatus(db, await apply(partTimeId, sara.id), 'withdrawn');

  const night = await createOffer(db, romaId, {
    title: 'Turno notturno',
    description: 'Turno di notte 20:00-8:00 in farmacia di turno.',
    salary: '24 €/ora',
    dateFrom: daysFromNow(10),
    dateTo: daysFromNow(10),
  });
  await setApplicationStatus(db, await apply(night.id, paolo.id), 'accepted');
  await setApplicationStatus(db, await apply(night.id, marta.id), 'rejected', MESSAGES.autoRejectFilled);

  const opening = await createOffer(db, romaId, {
    title: 'Apertura straordinaria',
    description: 'Apertura domenicale per la campagna vaccinale.',
    salary: '21 €/ora',
    dateFrom: daysFromNow(14),
    dateTo: daysFromNow(14),
    closedAt: new Date(),
  });
  await setApplicationStatus(db, await apply(opening.id, sara.id), 'rejected', MESSAGES.autoRejectClosed);

  const holiday = await createOffer(db, romaId, {
    title: 'Turno di Ferragosto',
    description: 'Copertura del 15 agosto, orario continuato.',
    salary: '26 €/ora',
    dateFrom: daysFromNow(-30),
    dateTo: daysFromNow(-30),
  });
  await setApplicationStatus(
    db,
    await apply(holiday.id, marta.id),
    'rejected',
    'Grazie, abbiamo già trovato un sostituto per quel giorno.',
  );
  // Left unanswered until the day passed: the owner may still answer it, not accept it.
  await apply(holiday.id, paolo.id);
}

export async function seedDemoIfEmpty(db: TDb): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  await seedDemo(db);
  return true;
}
