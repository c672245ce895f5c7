/** A review's rows: the two sides of an accepted application, a review as read, and what one side is to the other. */
import type { TReview } from '@farmaponte/shared';
import { eq, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { applications, offers, profiles, reviews } from '../../db/schema';

const pharmacistProfiles = alias(profiles, 'pharmacist_profiles');

/** An accepted application's two sides and its shift: what a review is written against. */
const sideColumns = {
  applicationId: applications.id,
  offerId: offers.id,
  status: applications.status,
  farmacistaId: applications.farmacistaId,
  ownerId: offers.ownerId,
  title: offers.title,
  dateFrom: offers.dateFrom,
  dateTo: offers.dateTo,
  startTime: offers.startTime,
  endTime: offers.endTime,
  pharmacy: profiles.denominazioneFarmacia,
  name: pharmacistProfiles.name,
  surname: pharmacistProfiles.surname,
};

export type TSides = {
  applicationId: number;
  offerId: number;
  status: string;
  farmacistaId: number;
  ownerId: number;
  title: string;
  dateFrom: string | null;
  dateTo: string | null;
  startTime: string | null;
  endTime: string | null;
  pharmacy: string;
  name: string;
  surname: string;
};

export function selectSides(db: TDb) {
  return db
    .select(sideColumns)
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .innerJoin(pharmacistProfiles, eq(pharmacistProfiles.userId, applications.farmacistaId));
}

export const isSide = (userId: number): SQL => or(eq(applications.farmacistaId, userId), eq(offers.ownerId, userId)) as SQL;

/** A pharmacist as a review names them to others: first name and the surname's initial. */
const pharmacistName = (name: string, surname: string) => `${name} ${surname.slice(0, 1)}.`.trim();

const reviewColumns = {
  id: reviews.id,
  applicationId: reviews.applicationId,
  authorId: reviews.authorId,
  authorRole: reviews.authorRole,
  subjectId: reviews.subjectId,
  rating: reviews.rating,
  comment: reviews.comment,
  punctuality: reviews.punctuality,
  communication: reviews.communication,
  handover: reviews.handover,
  wouldHireAgain: reviews.wouldHireAgain,
  welcome: reviews.welcome,
  taskClarity: reviews.taskClarity,
  payAsAgreed: reviews.payAsAgreed,
  createdAt: reviews.createdAt,
  publishedAt: reviews.publishedAt,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
  hiddenAt: reviews.hiddenAt,
  title: offers.title,
  pharmacy: profiles.denominazioneFarmacia,
  name: pharmacistProfiles.name,
  surname: pharmacistProfiles.surname,
};

export type TReviewRow = {
  id: number;
  applicationId: number;
  authorId: number;
  authorRole: 'titolare' | 'farmacista';
  subjectId: number;
  rating: number;
  comment: string | null;
  punctuality: number | null;
  communication: number | null;
  handover: number | null;
  wouldHireAgain: boolean | null;
  welcome: number | null;
  taskClarity: number | null;
  payAsAgreed: number | null;
  createdAt: Date;
  publishedAt: Date | null;
  reply: string | null;
  repliedAt: Date | null;
  hiddenAt: Date | null;
  title: string;
  pharmacy: string;
  name: string;
  surname: string;
};

export function selectReviews(db: TDb) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(applications, eq(applications.id, reviews.applicationId))
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .innerJoin(pharmacistProfiles, eq(pharmacistProfiles.userId, applications.farmacistaId));
}

export function toReview(row: TReviewRow): TReview {
  return {
    id: row.id,
    application_id: row.applicationId,
    author_role: row.authorRole,
    author_name: row.authorRole === 'titolare' ? row.pharmacy : pharmacistName(row.name, row.surname),
    subject_id: row.subjectId,
    offer_title: row.title,
    rating: row.rating,
    comment: row.comment,
    punctuality: row.punctuality,
    communication: row.communication,
    handover: row.handover,
    would_hire_again: row.wouldHireAgain,
    welcome: row.welcome,
    task_clarity: row.taskClarity,
    pay_as_agreed: row.payAsAgreed,
    created_at: row.createdAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
    reply: row.reply,
    replied_at: row.repliedAt?.toISOString() ?? null,
  };
}

/** What `userId` is on this application, and the other side. */
export function sidesOf(row: TSides, userId: number) {
  const owner = row.ownerId === userId;
  return {
    role: (owner ? 'titolare' : 'farmacista') as 'titolare' | 'farmacista',
    subjectId: owner ? row.farmacistaId : row.ownerId,
    subjectName: owner ? pharmacistName(row.name, row.surname) : row.pharmacy,
    authorName: owner ? row.pharmacy : pharmacistName(row.name, row.surname),
  };
}
