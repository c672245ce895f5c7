/**
 * Who an event's notification names, read in the event's transaction: the two sides of an application with its offer
 * and pharmacy, as each side calls the other (a pharmacist by name, an owner by the pharmacy's name).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../../db/client';
import { applications, offers, profiles } from '../../../db/schema';

const ownerProfiles = alias(profiles, 'owner_profile');
const applicantProfiles = alias(profiles, 'applicant_profile');

export interface TParties {
  applicationId: number;
  offerId: number;
  ownerId: number;
  pharmacistId: number;
  status: string;
  title: string;
  dateFrom: string | null;
  dateTo: string | null;
  /** The pharmacy's name, as the pharmacist calls the owner. */
  pharmacy: string;
  /** 'Nome Cognome', as the owner calls the pharmacist. */
  applicant: string;
  name: string;
  surname: string;
}

function partiesQuery(db: TDb) {
  return db
    .select({
      applicationId: applications.id,
      offerId: offers.id,
      ownerId: offers.ownerId,
      pharmacistId: applications.farmacistaId,
      status: applications.status,
      title: offers.title,
      dateFrom: offers.dateFrom,
      dateTo: offers.dateTo,
      pharmacy: ownerProfiles.denominazioneFarmacia,
      name: applicantProfiles.name,
      surname: applicantProfiles.surname,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .leftJoin(ownerProfiles, eq(ownerProfiles.userId, offers.ownerId))
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, applications.farmacistaId));
}

type TPartiesRow = Awaited<ReturnType<ReturnType<typeof partiesQuery>['execute']>>[number];

const toParties = ({ name, surname, pharmacy, ...row }: TPartiesRow): TParties => ({
  ...row,
  pharmacy: pharmacy ?? '',
  applicant: `${name ?? ''} ${surname ?? ''}`.trim(),
  name: name ?? '',
  surname: surname ?? '',
});

/** The application's parties, or undefined when it is gone (erased meanwhile: nobody to tell). */
export async function partiesOf(db: TDb, applicationId: number): Promise<TParties | undefined> {
  const [row] = await partiesQuery(db).where(eq(applications.id, applicationId));
  return row ? toParties(row) : undefined;
}

/** Several applications' parties, in id order. */
export async function partiesOfMany(db: TDb, applicationIds: number[]): Promise<TParties[]> {
  if (!applicationIds.length) return [];
  const rows = await partiesQuery(db).where(inArray(applications.id, applicationIds)).orderBy(applications.id);
  return rows.map(toParties);
}

/** The applicants of an offer in these statuses (an offer deleted tells them), in id order. */
export async function applicantsOf(db: TDb, offerId: number, statuses: ('sent' | 'seen' | 'accepted')[]): Promise<TParties[]> {
  const rows = await partiesQuery(db)
    .where(and(eq(applications.offerId, offerId), inArray(applications.status, statuses)))
    .orderBy(applications.id);
  return rows.map(toParties);
}

/** The pages each side reads an application on. */
export const PHARMACIST_APPLICATIONS = '/mie_candidature';
export const ownerApplications = (offerId: number) => `/candidature?offer_id=${offerId}`;
