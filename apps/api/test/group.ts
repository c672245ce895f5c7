/**
 * A small organisation with its shifts for the group report's tests (decision 091): two pharmacies, two pharmacists,
 * offers filled, half filled, open, closed and yet to come, worked days with and without a pay or hours, a night and a
 * corrected day. The figures the tests expect are worked out by hand in group-report.test.ts.
 */
import { createApplication, createOffer, setApplicationStatus } from '../src/factories';
import { bearer, login, signedIn, type TSignedIn, type TTestApp } from './helpers';
import { addedPharmacy } from './organisation';

/** 20 June 2030, noon in Rome (a Thursday): the tests' today. */
export const TODAY = new Date('2030-06-20T10:00:00Z');
/** 10 June 2030: while the early June shifts' hours may still be corrected. */
const SOON = new Date('2030-06-10T10:00:00Z');

type TOfferValues = Parameters<typeof createOffer>[2];

/** An offer of `pharmacyId` and, for each pharmacist given, an accepted application. */
export async function shiftOf(t: TTestApp, pharmacyId: number, offer: TOfferValues, ...accepted: TSignedIn[]) {
  const created = await createOffer(t.database.db, pharmacyId, { title: 'Turno', ...offer });
  const ids: number[] = [];
  for (const pharmacist of accepted) {
    const application = await createApplication(t.database.db, created.id, pharmacist.user.id, new Date('2030-05-01T08:00:00Z'));
    await setApplicationStatus(t.database.db, { id: application.id, offerId: created.id }, 'accepted');
    ids.push(application.id);
  }
  return { offerId: created.id, applicationIds: ids };
}

export async function smallGroup(t: TTestApp) {
  t.clock.now = TODAY;
  const titolare = await signedIn(t.app, 'titolare', {
    profile: { denominazione_farmacia: 'Farmacia Centrale', comune_farmacia: 'Bergamo', name: 'Marco', surname: 'Rossi' },
  });
  const renamed = await t.app.inject({
    method: 'PUT',
    url: '/api/organisation/',
    headers: titolare.headers,
    payload: { name: 'Società Farmacie Orobiche S.r.l.' },
  });
  if (renamed.statusCode !== 200) throw new Error(`renaming: ${renamed.statusCode} ${renamed.body}`);
  const centrale = titolare.user.id;
  const borgo = await addedPharmacy(t, titolare, 'Farmacia del Borgo');
  const anna = await signedIn(t.app, 'farmacista', { profile: { name: 'Anna', surname: 'Neri' } });
  const bruno = await signedIn(t.app, 'farmacista', { profile: { name: 'Bruno', surname: 'Galli' } });

  // Farmacia Centrale.
  const mornings = await shiftOf(
    t,
    centrale,
    { title: 'Mattine', dateFrom: '2030-06-03', dateTo: '2030-06-05', startTime: '09:00', endTime: '13:00', hourlyPay: 20 },
    anna,
  );
  // Anna corrects the 5th to 09:00–14:30 on the 10th, within the 14 days a correction may come.
  t.clock.now = SOON;
  const annaThen = await login(t.app, anna.user.email, anna.user.password);
  const corrected = await t.app.inject({
    method: 'PUT',
    url: `/api/shifts/${mornings.applicationIds[0]}/hours/`,
    headers: bearer(annaThen.access),
    payload: { days: [{ date: '2030-06-05', start_time: '09:00', end_time: '14:30' }] },
  });
  if (corrected.statusCode !== 200) throw new Error(`correcting: ${corrected.statusCode} ${corrected.body}`);
  t.clock.now = TODAY;
  // A night from 20:00 to 02:00 over four days, two of them in May.
  await shiftOf(
    t,
    centrale,
    { title: 'Notte', dateFrom: '2030-05-30', dateTo: '2030-06-02', startTime: '20:00', endTime: '02:00', hourlyPay: 24 },
    anna,
  );
  await shiftOf(
    t,
    centrale,
    {
      title: 'Pomeriggio',
      dateFrom: '2030-06-10',
      dateTo: null,
      startTime: '15:00',
      endTime: '19:30',
      hourlyPay: 18.5,
      positions: 2,
    },
    bruno,
  );
  await shiftOf(t, centrale, {
    title: 'Da coprire',
    dateFrom: '2030-06-25',
    dateTo: '2030-06-25',
    startTime: '08:00',
    endTime: '14:00',
  });
  await shiftOf(t, centrale, { title: 'Chiusa', dateFrom: '2030-06-27', dateTo: '2030-06-27', closedAt: TODAY });
  await shiftOf(t, centrale, { title: 'Posto fisso', dateFrom: null, dateTo: null }, bruno);

  // Farmacia del Borgo.
  await shiftOf(
    t,
    borgo,
    {
      title: 'Fine settimana',
      dateFrom: '2030-06-15',
      dateTo: '2030-06-16',
      startTime: '09:00',
      endTime: '17:00',
      hourlyPay: null,
    },
    bruno,
  );
  await shiftOf(t, borgo, { title: 'Oggi', dateFrom: '2030-06-20', dateTo: '2030-06-20', startTime: '09:00', endTime: '13:00' });
  await shiftOf(t, borgo, { title: 'Senza orario', dateFrom: '2030-06-18', dateTo: '2030-06-19', hourlyPay: 20 }, anna);
  await shiftOf(
    t,
    borgo,
    {
      title: 'Prossimi giorni',
      dateFrom: '2030-06-21',
      dateTo: '2030-06-22',
      startTime: '10:00',
      endTime: '12:00',
      hourlyPay: 30,
    },
    anna,
  );
  return { titolare, centrale, borgo, anna, bruno };
}
