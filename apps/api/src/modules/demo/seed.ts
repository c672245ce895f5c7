/** The demo data of the README: one admin, two owners in different comuni, two pharmacists (one with a CV), a few offers. */
import { daysFromNow } from '@farmaponte/shared';
import type { TDb } from '../../db/client';
import {
  createAdmin,
  createApplication,
  createOffer,
  createOwner,
  createPharmacist,
  DEFAULT_PASSWORD,
  giveCv,
} from '../../factories';
import { countUsers } from '../account';
import { importRegistry, sampleRegistryCsv } from '../pharmacies';

export const DEMO_ACCOUNTS = {
  admin: 'admin@farmaponte.it',
  titolareMilano: 'titolare.milano@farmaponte.it',
  titolareRoma: 'titolare.roma@farmaponte.it',
  farmacistaConCv: 'giulia.bianchi@farmaponte.it',
  farmacista: 'luca.verdi@farmaponte.it',
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
  await createOffer(db, roma.id, {
    title: 'Farmacista collaboratore part-time',
    description: 'Ricerchiamo un farmacista collaboratore per 20 ore settimanali, anche prima esperienza.',
    salary: '17,50 €/ora',
  });
}

export async function seedDemoIfEmpty(db: TDb): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  await seedDemo(db);
  return true;
}
