/**
 * The demo data of the README: one admin, two owners in different comuni, five pharmacists, a few offers, and the Rome
 * owner's applications in every status (sent, seen, accepted, rejected, withdrawn) and offers in every status, each
 * step with the notification real use leaves; and one pharmacist inactive for almost the whole inactivity term, warned
 * by the retention job's own step (decision 068), whose mail carries the keep link; and three pharmacists' calendars of
 * free days near the Milano and Roma owners (decision 070).
 * Over 400 lines on purpose: the demo is one story told in order, on one clock (an offer published, then applied to,
 * then decided, then worked), and a step only reads right next to the ones before it.
 */
import { randomBytes } from 'node:crypto';
import {
  addDays,
  daysBetween,
  daysFromNow,
  LIMITS,
  type TOfferInput,
  type TProposalInput,
  type TRole,
  ZDecisionInputSchema,
  ZOfferInputSchema,
} from '@farmaponte/shared';
import type { TAvailabilityPart } from '@farmaponte/shared/availability';
import { eq } from 'drizzle-orm';
import type { TConfig } from '../config';
import type { TDb } from '../db/client';
import { memoryEventsChannel } from '../db/events-channel';
import { users } from '../db/schema';
import {
  createAdmin,
  createOwner,
  createPharmacist,
  DEFAULT_PASSWORD,
  giveCv,
  makeCvPdf,
  NO_ALBO_ENTRY,
  setVerification,
} from '../factories';
import { createEventBus, type TEvents } from '../lib/event-bus';
import { publicUrlOf } from '../lib/public-url';
import { findUserByEmail, hasNonAdminUsers, subscribeAccount } from '../modules/account';
import { saveAvailability } from '../modules/availability';
import { recordOwnerCvOpen } from '../modules/cv';
import {
  applyToOffer,
  decideApplication,
  markApplicationsSeen,
  markApplicationsSeenIn,
  subscribeHiring,
  withdrawApplication,
} from '../modules/hiring';
import { inviteToOffer } from '../modules/invitations';
import { postMessage, readThread } from '../modules/messages';
import { createReport } from '../modules/moderation';
import { createNotifier, createUnsubscribeTokens, subscribeNotifications } from '../modules/notifications';
import { closeOffer, publishOffer } from '../modules/offers';
import { findRegistryPharmacy, importRegistry, sampleRegistryCsv, searchPharmacies } from '../modules/pharmacies';
import { addMonths, type TRetentionSettings, warnInactiveAccounts } from '../modules/retention';
import { replyToReview, writeReview } from '../modules/reviews';
import { correctWorkedHours, reviewWorkedHours } from '../modules/shifts';
import { storeVerificationDocument } from '../modules/verifications';
import { demoDates, type TDemoDates } from './dates';
import { seedDemoEngagement } from './engagement';
import { seedDemoGroup } from './group';
import { seedDemoInvoices } from './invoices';
import { seedDemoPay } from './pay';

export const DEMO_ACCOUNTS = {
  admin: 'admin@farmaponte.it',
  titolareMilano: 'titolare.milano@farmaponte.it',
  titolareRoma: 'titolare.roma@farmaponte.it',
  farmacistaConCv: 'giulia.bianchi@farmaponte.it',
  /** Declared his albo entry and waits for the admin's check (the admin's queue). */
  farmacista: 'luca.verdi@farmaponte.it',
  /** Applicants of the Rome owner, so the demo shows every status of an application and of an offer. */
  farmacistaAccettata: 'marta.russo@farmaponte.it',
  farmacistaVista: 'paolo.gallo@farmaponte.it',
  farmacistaRitirata: 'sara.conti@farmaponte.it',
  /** An owner waiting for the admin's approval (decision 049): a registry pharmacy, a document and a waiting offer. */
  titolareInAttesa: 'titolare.attesa@farmaponte.it',
  /** Inactive for almost ACCOUNT_INACTIVITY_MONTHS and warned: the warning mail's keep link (decision 068). */
  farmacistaInattivo: 'paolo.inattivo@farmaponte.it',
  /** The director of the Milan group's second pharmacy (decision 089): acts for it alone, as responsabile. */
  responsabile: 'laura.neri@farmaponte.it',
  password: DEFAULT_PASSWORD,
} as const;

const DEMO_ROWS: [TRole, string][] = [
  ['admin', DEMO_ACCOUNTS.admin],
  ['titolare', DEMO_ACCOUNTS.titolareMilano],
  ['titolare', DEMO_ACCOUNTS.titolareRoma],
  ['titolare', DEMO_ACCOUNTS.titolareInAttesa],
  ['titolare', DEMO_ACCOUNTS.responsabile],
  ['farmacista', DEMO_ACCOUNTS.farmacistaConCv],
  ['farmacista', DEMO_ACCOUNTS.farmacista],
  ['farmacista', DEMO_ACCOUNTS.farmacistaAccettata],
  ['farmacista', DEMO_ACCOUNTS.farmacistaVista],
  ['farmacista', DEMO_ACCOUNTS.farmacistaRitirata],
  ['farmacista', DEMO_ACCOUNTS.farmacistaInattivo],
];

/**
 * What the demo needs of the configuration: the retention periods, and where the keep link of the warning points (the
 * address the server will listen on).
 */
export interface TDemoSettings {
  retention: TRetentionSettings;
  publicUrl: () => string;
}

/** The demo's settings from the configuration, before the server listens: PUBLIC_URL, or the configured host and port. */
export function demoSettingsOf(config: TConfig): TDemoSettings {
  return { retention: config, publicUrl: () => publicUrlOf(config, null) };
}

/**
 * The demo accounts as the start-up banner lists them (the README's table): only those that exist, so a database
 * without the demo prints none. An admin made with ADMIN_EMAIL at the demo admin's address keeps its own password,
 * and the banner says so.
 */
export function demoAccountsBanner(accounts: { role: TRole; email: string }[], adminEmail?: string): string {
  if (accounts.length === 0) return '';
  const lines = accounts.map(({ role, email }) =>
    email === adminEmail ? `  ${role.padEnd(11)} ${email} (password di ADMIN_PASSWORD)` : `  ${role.padEnd(11)} ${email}`,
  );
  return `Account demo (password ${DEMO_ACCOUNTS.password}):\n${lines.join('\n')}\n\n`;
}
/** Generated registry rows the demo imports (the real Ministry file can be imported on top). */
export const DEMO_PHARMACIES = 400;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo's events: the same subscribers as real use, so each step writes the notifications it would, at the demo's
 * own clock, and no e-mail (the demo's addresses are not real mailboxes, and a server started with SMTP_URL must not
 * write to them). Its channel is its own: the app's caches are built after the seed.
 */
function demoEvents(clock: { now: Date }): TEvents {
  const now = () => clock.now;
  const bus = createEventBus({ channel: memoryEventsChannel(), log: console });
  const notifier = createNotifier({
    tokens: createUnsubscribeTokens(randomBytes(32).toString('hex')),
    publicUrl: () => 'http://localhost',
    now,
    events: bus,
  });
  subscribeNotifications(
    bus,
    {
      ...notifier,
      notify: (db, event) => notifier.notify(db, { ...event, email: false }),
      // A shift's calendar mail is an e-mail too.
      mailCalendar: async () => {},
    },
    now,
  );
  subscribeHiring(bus, now);
  subscribeAccount(bus, now);
  return bus;
}

/**
 * The demo, built through the services real use goes through: offers are read by the offer schema (so their pay is
 * parsed from the text the owner wrote), and every application is made, opened, decided, withdrawn or answered by the
 * same calls the API makes, so each step leaves its history and its notification. The clock is moved back for what
 * happened in the past (the expired holiday shift, Marta's worked shifts). The dated offers fall on the days their
 * titles name, worked out from `now` (dates.ts).
 */
export async function seedDemo(db: TDb, settings: TDemoSettings, now = new Date()) {
  const dates = demoDates(now);
  /** Days from the seeding day to a day of the demo (negative before it), for the clock. */
  const offset = (day: string) => daysBetween(dates.today, day);
  const clock = { now };
  const at = (days: number) => {
    clock.now = new Date(now.getTime() + days * DAY_MS);
    return clock.now;
  };
  const events = demoEvents(clock);
  const publish = (ownerId: number, offer: TOfferInput) =>
    publishOffer(db, events, ownerId, ZOfferInputSchema.parse(offer), clock.now);
  const apply = (userId: number, offerId: number) => applyToOffer(db, events, userId, offerId, clock.now);
  const decide = async (ownerId: number, applicationId: number, decision: 'accepted' | 'rejected', message?: string) => {
    await decideApplication(db, events, ownerId, applicationId, ZDecisionInputSchema.parse({ decision, message }), {
      // The answer the owner's page would show is dropped: no link, no contact term needed.
      cvLink: () => '',
      now: clock.now,
      retentionDays: 0,
    });
  };

  if (!(await findUserByEmail(db, DEMO_ACCOUNTS.admin))) await createAdmin(db, { email: DEMO_ACCOUNTS.admin });
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
      partita_iva: '09876543217',
      comune_farmacia: 'Milano',
      telephone: '0287654321',
    },
  });
  const roma = await createOwner(db, { email: DEMO_ACCOUNTS.titolareRoma });
  const giulia = await createPharmacist(db, { email: DEMO_ACCOUNTS.farmacistaConCv });
  await giveCv(db, giulia.id, 'Giulia Bianchi');
  const luca = await createPharmacist(db, {
    email: DEMO_ACCOUNTS.farmacista,
    profile: {
      name: 'Luca',
      surname: 'Verdi',
      regione_residenza: 'Lazio',
      provincia_residenza: 'RM',
      comune: 'Roma',
      ordine_provincia: 'RM',
      data_iscrizione_albo: '2021-11-15',
      numero_iscrizione_albo: '67890',
      preferredRegion: 'Lazio',
      dob: '1996-01-20',
    },
  });
  // His entry waits for the admin's check, declared two days ago (decision 050).
  await setVerification(db, luca.id, 'pending', { at: new Date(now.getTime() - 2 * DAY_MS) });
  const applicant = async (email: string, name: string, surname: string, comune: string, albo: string) => {
    const entry = albo
      ? { ordine_provincia: 'RM', data_iscrizione_albo: '2015-10-05', numero_iscrizione_albo: albo }
      : NO_ALBO_ENTRY;
    const user = await createPharmacist(db, {
      email,
      profile: {
        name,
        surname,
        regione_residenza: 'Lazio',
        provincia_residenza: 'RM',
        comune,
        preferredRegion: 'Lazio',
        ...entry,
      },
    });
    await giveCv(db, user.id, `${name} ${surname}`);
    return user;
  };
  // Marta's and Paolo's albo entries are verified, Sara has declared none: the owner's filter has something to show.
  const marta = await applicant(DEMO_ACCOUNTS.farmacistaAccettata, 'Marta', 'Russo', 'Roma', '21034');
  const paolo = await applicant(DEMO_ACCOUNTS.farmacistaVista, 'Paolo', 'Gallo', 'Fiumicino', '19876');
  const sara = await applicant(DEMO_ACCOUNTS.farmacistaRitirata, 'Sara', 'Conti', 'Tivoli', '');

  // Six weeks ago the Rome owner published the part-time job: Marta, Paolo and Sara applied; the owner opened Marta's
  // and Paolo's CVs (their applications became seen) and accepted Marta; Sara withdrew.
  at(-42);
  const partTime = await publish(roma.id, {
    title: 'Farmacista collaboratore part-time',
    description: 'Ricerchiamo un farmacista collaboratore per 20 ore settimanali, anche prima esperienza.',
    salary: '17,50 €/ora',
    date_from: null,
    date_to: null,
    positions: 2,
  });
  at(-41);
  const martaPartTime = await apply(marta.id, partTime.id);
  await apply(paolo.id, partTime.id);
  const saraPartTime = await apply(sara.id, partTime.id);
  at(-40);
  // Marta's opening is in her 'Chi ha visto il tuo CV' (decision 067).
  await recordOwnerCvOpen(
    db,
    roma.id,
    marta.id,
    { applicationId: martaPartTime.id, offerTitle: partTime.title },
    clock.now,
    (tx) => markApplicationsSeenIn(tx, events, roma.id, marta.id, clock.now),
  );
  await markApplicationsSeen(db, events, roma.id, paolo.id, clock.now);
  await decide(roma.id, martaPartTime.id, 'accepted', 'Benvenuta! Ti aspettiamo lunedì alle 9.');
  await seedDemoThread(db, events, at, { ownerId: roma.id, pharmacistId: marta.id, applicationId: martaPartTime.id });
  at(-38);
  await withdrawApplication(db, events, sara.id, saraPartTime.id, clock.now);

  // The shift of the last public holiday (Ferragosto, seeded in late summer or autumn), published five days before it:
  // Marta was answered; Paolo's application was never opened nor answered before the day passed (the owner may still
  // answer it, not accept it).
  const holidayDay = offset(dates.holiday.day);
  at(holidayDay - 5);
  const holiday = await publish(roma.id, {
    title: dates.holiday.title,
    description: dates.holiday.description,
    salary: '26 €/ora',
    date_from: dates.holiday.day,
    date_to: dates.holiday.day,
  });
  at(holidayDay - 4);
  const martaHoliday = await apply(marta.id, holiday.id);
  await apply(paolo.id, holiday.id);
  at(holidayDay - 3);
  await decide(roma.id, martaHoliday.id, 'rejected', 'Grazie, alla fine copriamo quel giorno con il personale della farmacia.');

  // Today: the Milan owner's two dated offers (a Sunday shift, with Giulia's application, and a replacement named after
  // its season); the Rome owner's night shift, filled by accepting Paolo (Marta is answered by the filling), and an
  // extraordinary Sunday opening, closed (Sara is answered by the closing).
  at(0);
  const sunday = await publish(milano.id, {
    title: 'Turno domenicale',
    description: 'Copertura del turno di domenica, banco e preparazioni galeniche.',
    salary: '22 €/ora',
    start_time: '09:00',
    end_time: '20:00',
    date_from: dates.milanSunday,
    date_to: dates.milanSunday,
  });
  const replacement = await publish(milano.id, {
    title: dates.replacement.title,
    description: 'Sostituzione per ferie del collaboratore, orario 8:30-13:00 e 15:30-19:30.',
    salary: '19 €/ora',
    date_from: dates.replacement.from,
    date_to: dates.replacement.to,
  });
  await apply(giulia.id, sunday.id);
  const night = await publish(roma.id, {
    title: 'Turno notturno',
    description: 'Turno di notte 20:00-8:00 in farmacia di turno.',
    salary: '24 €/ora',
    date_from: daysFromNow(10, now),
    date_to: daysFromNow(10, now),
  });
  const opening = await publish(roma.id, {
    title: 'Apertura straordinaria',
    description: 'Apertura domenicale per la campagna vaccinale.',
    salary: '21 €/ora',
    date_from: dates.romeSunday,
    date_to: dates.romeSunday,
  });
  const paoloNight = await apply(paolo.id, night.id);
  await apply(marta.id, night.id);
  await apply(sara.id, opening.id);
  await decide(roma.id, paoloNight.id, 'accepted');
  await closeOffer(db, events, roma.id, opening.id, clock.now);
  // A pharmacist reported the night shift: the report waits on the admins' desk, /segnalazioni (decision 062).
  await createReport(
    db,
    luca.id,
    {
      target_type: 'offer',
      target_id: night.id,
      reason: 'other',
      details: "Al telefono mi hanno proposto 15 €/ora, non i 24 €/ora indicati nell'annuncio.",
    },
    clock.now,
  );

  await seedWorkedShifts({ db, events, at, publish, apply, decide }, { roma, marta }, dates);

  // Yesterday an owner of a registry pharmacy registered, uploaded the chamber of commerce record and wrote an offer,
  // which waits for the admin's approval on /verifiche (decision 049).
  at(-1);
  const [pharmacy] = await searchPharmacies(db, '');
  const registryRow = pharmacy ? await findRegistryPharmacy(db, pharmacy.pharmacy_id) : undefined;
  if (pharmacy && registryRow) {
    const waiting = await createOwner(db, {
      email: DEMO_ACCOUNTS.titolareInAttesa,
      // The e-mail confirmed (the owner uploaded a document and wrote an offer), the pharmacy not yet approved.
      verified: false,
      emailConfirmed: true,
      profile: {
        name: 'Elena',
        surname: 'Marino',
        denominazione_farmacia: pharmacy.pharmacy_name,
        indirizzo_farmacia: `${pharmacy.address}, ${pharmacy.comune}`,
        comune_farmacia: pharmacy.comune,
        cod_farmacia: pharmacy.pharmacy_id,
        // The owner's VAT number is the registry's (decision 048).
        partita_iva: registryRow.partitaIva,
      },
    });
    await storeVerificationDocument(db, waiting.id, await makeCvPdf('Visura camerale'), clock.now);
    await publish(waiting.id, {
      title: 'Farmacista per il banco',
      description: 'Cerchiamo un farmacista per il banco e il consiglio, dal lunedì al venerdì.',
      salary: '20 €/ora',
      date_from: daysFromNow(5, now),
      date_to: daysFromNow(30, now),
    });
  }
  at(0);

  await seedDemoAvailability(db, { giulia: giulia.id, marta: marta.id, sara: sara.id }, now);
  // The Milan owner's group: a second pharmacy, its director's Saturday shift, and Giulia's application to it.
  const group = await seedDemoGroup(
    db,
    events,
    { milano: { id: milano.id, email: DEMO_ACCOUNTS.titolareMilano }, responsabileEmail: DEMO_ACCOUNTS.responsabile },
    clock.now,
  );
  const saturday = await publishOffer(
    db,
    events,
    group.cittaStudi,
    ZOfferInputSchema.parse({
      title: 'Sabato mattina a Città Studi',
      description: 'Banco e consiglio. Parcheggio riservato nel cortile; metro M2 Piola.',
      salary: '22 €/ora',
      date_from: dates.milanSaturday,
      date_to: dates.milanSaturday,
      start_time: '08:30',
      end_time: '13:00',
    }),
    clock.now,
    { id: group.laura, email: DEMO_ACCOUNTS.responsabile },
  );
  await apply(giulia.id, saturday.id);
  // Giulia as a freelancer (decision 093): her file, the next Saturday in Milan, the contract the owner confirmed.
  await seedDemoEngagement(
    db,
    events,
    { giulia: giulia.id, milano: milano.id, milanoEmail: DEMO_ACCOUNTS.titolareMilano },
    {
      publish: (input) => publish(milano.id, input as TOfferInput),
      apply: (offerId) => applyToOffer(db, events, giulia.id, offerId, clock.now, 'libera_professione'),
      accept: (applicationId) => decide(milano.id, applicationId, 'accepted'),
    },
    { now: clock.now, today: dates.today, saturday: addDays(dates.milanSaturday, 7) },
  );
  // From hours to invoice (decision 095): an overdue invoice of hers, and a morning whose hours closed by themselves.
  await seedDemoInvoices(
    db,
    events,
    {
      giulia: giulia.id,
      giuliaEmail: DEMO_ACCOUNTS.farmacistaConCv,
      milano: milano.id,
      milanoEmail: DEMO_ACCOUNTS.titolareMilano,
    },
    {
      publish: (input) => publish(milano.id, input as TOfferInput),
      apply: (offerId) => applyToOffer(db, events, giulia.id, offerId, clock.now, 'libera_professione'),
      accept: (applicationId) => decide(milano.id, applicationId, 'accepted'),
      at,
    },
    dates.today,
  );
  at(0);
  // Pay as agreed (decision 094): a Sunday night by the contract, and a week's cover whose counter waits for Giulia.
  await seedDemoPay(
    db,
    events,
    { milano: milano.id, milanoEmail: DEMO_ACCOUNTS.titolareMilano },
    {
      publish: (input) => publish(milano.id, input as TOfferInput),
      applyWithProposal: (offerId, proposal) =>
        applyToOffer(db, events, giulia.id, offerId, clock.now, 'libera_professione', proposal as TProposalInput),
    },
    { now: clock.now, sunday: addDays(dates.milanSunday, 14) },
  );
  await seedDemoInvitation(
    db,
    events,
    { ownerId: milano.id, offerId: replacement.id, pharmacistId: giulia.id, message: dates.replacement.invitation },
    now,
  );

  // A pharmacist who has not logged in for almost the inactivity term: the retention job's warning step finds him as it
  // would at night, writes his notice and puts the warning mail with the keep link in the outbox.
  const inactive = await createPharmacist(db, {
    email: DEMO_ACCOUNTS.farmacistaInattivo,
    profile: { name: 'Paolo', surname: 'Ferri', regione_residenza: 'Toscana', provincia_residenza: 'FI', comune: 'Firenze' },
  });
  const { ACCOUNT_INACTIVITY_MONTHS, RETENTION_WARNING_DAYS } = settings.retention;
  // Twenty days before the term ends, always inside the warning period (which may be set shorter).
  const daysLeft = Math.min(20, RETENTION_WARNING_DAYS - 1);
  await db
    .update(users)
    .set({ lastActiveAt: new Date(addMonths(now, -ACCOUNT_INACTIVITY_MONTHS).getTime() + daysLeft * DAY_MS) })
    .where(eq(users.id, inactive.id));
  await warnInactiveAccounts({ db, settings: settings.retention, publicUrl: settings.publicUrl, events }, clock.now);
}

/**
 * Three pharmacists who tell owners when they are free (decision 070), so the demo owners find someone on
 * /cerca_farmacisti: Giulia near Milano (weekends and a few mornings), Marta in Roma (Tuesdays, Thursdays and Friday
 * nights; the days of her accepted part-time job leave her calendar by themselves) and Sara from Tivoli (mornings of
 * the next two weeks), over the next four weeks.
 */
async function seedDemoAvailability(db: TDb, ids: { giulia: number; marta: number; sara: number }, now: Date) {
  /** The next 28 days whose weekday (0 Sunday … 6 Saturday) is one of `weekdays`, each with the part `partOf` gives it. */
  const days = (weekdays: number[], partOf: (weekday: number) => TAvailabilityPart) =>
    Array.from({ length: 28 }, (_, i) => daysFromNow(i + 1, now))
      .map((date) => ({ date, weekday: new Date(`${date}T12:00:00Z`).getUTCDay() }))
      .filter(({ weekday }) => weekdays.includes(weekday))
      .map(({ date, weekday }) => ({ date, part: partOf(weekday) }));
  await saveAvailability(
    db,
    ids.giulia,
    {
      days: days([0, 1, 3, 6], (weekday) => (weekday === 1 ? 'mattina' : weekday === 3 ? 'pomeriggio' : 'giornata')),
      comune: 'Milano',
      radius_km: 25,
      min_pay: 18,
      visible: true,
    },
    now,
  );
  await saveAvailability(
    db,
    ids.marta,
    {
      days: days([2, 4, 5], (weekday) => (weekday === 5 ? 'notte' : 'giornata')),
      comune: 'Roma',
      radius_km: 20,
      min_pay: null,
      visible: true,
    },
    now,
  );
  await saveAvailability(
    db,
    ids.sara,
    {
      days: Array.from({ length: 14 }, (_, i) => ({ date: daysFromNow(i + 1, now), part: 'mattina' as const })),
      comune: 'Tivoli',
      radius_km: 40,
      min_pay: 16.5,
      visible: true,
    },
    now,
  );
}

/**
 * A short thread on Marta's accepted application in Rome (decision 072), written through the same calls as the API's:
 * both sides read what came before, and the owner's last question, of yesterday, waits unread for Marta. `at(days)`
 * moves the demo's clock; the clock is left where the seed's next step sets it anyway.
 */
async function seedDemoThread(
  db: TDb,
  events: TEvents,
  at: (days: number) => Date,
  { ownerId, pharmacistId, applicationId }: { ownerId: number; pharmacistId: number; applicationId: number },
) {
  const HOUR = 1 / 24;
  const say = async (days: number, authorId: number, body: string) =>
    postMessage(db, events, authorId, applicationId, body, at(days));
  const readBy = async (days: number, userId: number) =>
    readThread(db, events, userId, applicationId, { page_size: LIMITS.messagesPageSize }, at(days));
  await say(-40 + HOUR, ownerId, 'Ciao Marta, benvenuta! Lunedì alle 9 ti presento la squadra: porta il camice.');
  await readBy(-40 + 2 * HOUR, pharmacistId);
  await say(-40 + 2 * HOUR, pharmacistId, 'Grazie mille! Ci sarò. Posso lasciare la macchina nel cortile?');
  await readBy(-40 + 3 * HOUR, ownerId);
  await say(-40 + 3 * HOUR, ownerId, 'Sì, il cortile è aperto dalle 8. A lunedì!');
  await readBy(-39, pharmacistId);
  await say(-1, ownerId, 'Ciao Marta, mi confermi il turno di sabato prossimo, dalle 9 alle 13?');
}

/**
 * An invitation waiting for its answer (decision 071): the Milan owner invites Giulia, who applied to the Sunday shift,
 * to the replacement too, so /mie_candidature shows 'Inviti ricevuti' and /mie_offerte an offer's invitations.
 */
async function seedDemoInvitation(
  db: TDb,
  events: TEvents,
  { ownerId, offerId, pharmacistId, message }: { ownerId: number; offerId: number; pharmacistId: number; message: string },
  now: Date,
) {
  await inviteToOffer(db, events, ownerId, offerId, { pharmacist_id: pharmacistId, message }, now);
}

/** What seedDemo lends the parts it delegates: its database, events and clock, and its calls as real use makes them. */
interface TDemoSteps {
  db: TDb;
  events: TEvents;
  at: (days: number) => Date;
  publish: (ownerId: number, offer: TOfferInput) => Promise<{ id: number }>;
  apply: (userId: number, offerId: number) => Promise<{ id: number }>;
  decide: (ownerId: number, applicationId: number, decision: 'accepted' | 'rejected', message?: string) => Promise<void>;
}

/**
 * Marta's worked shifts at the Rome pharmacy (decision 075), for 'I miei turni': three weeks ago three mornings of a
 * holiday cover, then an evening shift and, last Sunday or the one before, a Sunday opening without hours, all accepted
 * and worked. She entered the
 * Sunday's hours, which the owner confirmed, and stayed an hour longer on the evening shift: that correction waits for
 * the owner. Reviews (decision 074): the holiday cover was reviewed by both sides (published, with Marta's reply to the
 * owner's), the evening shift by Marta only (unseen until the owner writes theirs), the Sunday by nobody yet.
 */
async function seedWorkedShifts(
  { db, events, at, publish, apply, decide }: TDemoSteps,
  { roma, marta }: { roma: { id: number }; marta: { id: number } },
  { today, worked: days }: TDemoDates,
) {
  const worked = async (days: number, offer: TOfferInput) => {
    at(days);
    const { id } = await publish(roma.id, offer);
    const application = await apply(marta.id, id);
    await decide(roma.id, application.id, 'accepted');
    return application.id;
  };
  const holiday = await worked(-28, {
    title: 'Sostituzione per ferie',
    description: 'Tre mattine al banco durante le ferie della titolare.',
    salary: '20 €/ora',
    start_time: '08:30',
    end_time: '13:00',
    date_from: days.coverFrom,
    date_to: days.coverTo,
  });
  const evening = await worked(-16, {
    title: 'Turno serale',
    description: 'Chiusura serale, banco e riordino del magazzino.',
    salary: '22 €/ora',
    start_time: '16:00',
    end_time: '20:00',
    date_from: days.evening,
    date_to: days.evening,
  });
  // Published four days before; the hours entered the day after, confirmed the day after that.
  const sundayDay = daysBetween(today, days.sunday);
  const sunday = await worked(sundayDay - 4, {
    title: 'Domenica in farmacia',
    description: 'Apertura domenicale per la campagna vaccinale, orario da concordare.',
    salary: '21 €/ora',
    date_from: days.sunday,
    date_to: days.sunday,
  });
  const day = (date: string, start_time: string, end_time: string) => ({ days: [{ date, start_time, end_time }] });
  await correctWorkedHours(db, events, marta.id, sunday, day(days.sunday, '09:00', '13:30'), at(sundayDay + 1));
  await reviewWorkedHours(db, events, roma.id, sunday, { status: 'confirmed', note: '' }, at(sundayDay + 2), {
    id: roma.id,
    email: DEMO_ACCOUNTS.titolareRoma,
  });
  await correctWorkedHours(db, events, marta.id, evening, day(days.evening, '16:00', '21:00'), at(-3));

  await writeReview(
    db,
    events,
    marta.id,
    holiday,
    {
      rating: 4,
      comment: 'Squadra accogliente e compiti chiari; il gestionale è un po’ datato.',
      welcome: 5,
      task_clarity: 4,
      pay_as_agreed: 5,
    },
    at(-18),
  );
  const { review: aboutMarta } = await writeReview(
    db,
    events,
    roma.id,
    holiday,
    {
      rating: 5,
      comment: 'Puntuale e precisa, ha gestito il banco da sola dal primo giorno. La richiameremo.',
      punctuality: 5,
      communication: 5,
      handover: 4,
      would_hire_again: true,
    },
    at(-17),
  );
  await replyToReview(db, marta.id, aboutMarta.id, 'Grazie, è stato un piacere lavorare con voi!', at(-16));
  await writeReview(
    db,
    events,
    marta.id,
    evening,
    { rating: 5, comment: 'Turno tranquillo, ottima organizzazione del magazzino.', welcome: 5, task_clarity: 5 },
    at(-11),
  );
  at(0);
}

/** Who is a demo account, and which of them exist (the banner lists only those). */
export async function existingDemoAccounts(db: TDb): Promise<{ role: TRole; email: string }[]> {
  const found: { role: TRole; email: string }[] = [];
  for (const [role, email] of DEMO_ROWS) {
    const user = await findUserByEmail(db, email);
    if (user?.role === role) found.push({ role, email });
  }
  return found;
}

/**
 * Seeds the demo unless it is there already: a database whose only users are admins (one made with ADMIN_EMAIL, say)
 * still gets it; one with any owner or pharmacist does not.
 */
export async function seedDemoIfEmpty(db: TDb, settings: TDemoSettings, now = new Date()): Promise<boolean> {
  if (await hasNonAdminUsers(db)) return false;
  await seedDemo(db, settings, now);
  return true;
}
