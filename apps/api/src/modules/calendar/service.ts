/**
 * An application's shift as a calendar invitation (docs/decisions/052): the offer's days and hours, the pharmacy's
 * name, address and coordinates, the owner as organizer and the pharmacist as attendee, read in the transaction of
 * the change the invitation (or its cancellation) goes with.
 */
import { count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { applicationEvents, applications, offers, pharmacies, profiles, users } from '../../db/schema';
import { findComune } from '../geo';
import { shiftCalendar, shiftUid } from './shift-event';

const ownerUsers = alias(users, 'owner_users');
const pharmacistUsers = alias(users, 'pharmacist_users');
const pharmacistProfiles = alias(profiles, 'pharmacist_profiles');

/** The comune's CAP when it has only one (a city has one per district: then none rather than a wrong one). */
function comuneCap(comune: string): string {
  const caps = comune ? (findComune(comune)?.cap ?? '') : '';
  return caps.includes(',') ? '' : caps;
}

/** The site's addresses (the notifier's pageUrl: PUBLIC_URL + path). */
export interface TSite {
  pageUrl(link: string): string;
}

/** The pharmacist's page of applications, the event's URL. */
const shiftPage = '/mie_candidature';

const fullName = (name: string, surname: string, fallback: string) => `${name} ${surname}`.trim() || fallback;

/**
 * The invitation (REQUEST) or its cancellation (CANCEL) of an application's shift, or null when the offer has no dates
 * or the application is gone. Its SEQUENCE is the number of steps in the application's history, which only grows
 * (a step is added with every change of status, never removed); `afterLastStep` adds one for a change that writes no
 * step (the offer deleted).
 */
export async function shiftInvitation(
  db: TDb,
  site: TSite,
  applicationId: number,
  options: { method: 'REQUEST' | 'CANCEL'; afterLastStep?: boolean; now: Date },
): Promise<{ ics: string; to: string; title: string; pharmacy: string } | null> {
  const [row] = await db
    .select({
      title: offers.title,
      dateFrom: offers.dateFrom,
      dateTo: offers.dateTo,
      startTime: offers.startTime,
      endTime: offers.endTime,
      pharmacy: profiles.denominazioneFarmacia,
      address: profiles.indirizzoFarmacia,
      comune: profiles.comuneFarmacia,
      ownerName: profiles.name,
      ownerSurname: profiles.surname,
      ownerLat: profiles.lat,
      ownerLng: profiles.lng,
      registryCap: pharmacies.cap,
      registryLat: pharmacies.lat,
      registryLng: pharmacies.lng,
      ownerEmail: ownerUsers.email,
      pharmacistEmail: pharmacistUsers.email,
      pharmacistName: pharmacistProfiles.name,
      pharmacistSurname: pharmacistProfiles.surname,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .innerJoin(ownerUsers, eq(ownerUsers.id, offers.ownerId))
    .innerJoin(pharmacistUsers, eq(pharmacistUsers.id, applications.farmacistaId))
    .leftJoin(pharmacistProfiles, eq(pharmacistProfiles.userId, applications.farmacistaId))
    // The registry's row of the owner's pharmacy, when it was picked there (decision 048): its CAP and coordinates.
    .leftJoin(pharmacies, eq(pharmacies.codFarmacia, profiles.codFarmacia))
    .where(eq(applications.id, applicationId));
  if (!row) return null;
  const [steps] = await db
    .select({ n: count() })
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, applicationId));
  // Where the pharmacy is: the owner's coordinates (set by an admin), else the registry's; never the comune's centre.
  const [lat, lng] =
    row.ownerLat != null && row.ownerLng != null
      ? [row.ownerLat, row.ownerLng]
      : [row.registryLat ?? null, row.registryLng ?? null];
  const ics = shiftCalendar({
    uid: shiftUid(applicationId, site.pageUrl('/')),
    sequence: Number(steps?.n ?? 0) + (options.afterLastStep ? 1 : 0),
    method: options.method,
    title: row.title,
    pharmacy: {
      name: row.pharmacy,
      address: row.address,
      cap: row.registryCap || comuneCap(row.comune),
      comune: row.comune,
      lat,
      lng,
    },
    organizer: { name: fullName(row.ownerName, row.ownerSurname, row.pharmacy), email: row.ownerEmail },
    attendee: {
      name: fullName(row.pharmacistName ?? '', row.pharmacistSurname ?? '', row.pharmacistEmail),
      email: row.pharmacistEmail,
    },
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    startTime: row.startTime,
    endTime: row.endTime,
    url: site.pageUrl(shiftPage),
    now: options.now,
  });
  return ics ? { ics, to: row.pharmacistEmail, title: row.title, pharmacy: row.pharmacy } : null;
}
