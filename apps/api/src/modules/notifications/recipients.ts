/**
 * Whom a notification's mail goes to (decision 089): a pharmacy of an organisation is no person, so its mail goes to
 * the people of its staff who are told. Read in the transaction of the notification.
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { organisationMembers, organisationPharmacies, pharmacySettings, users } from '../../db/schema';

/** The people who act for a pharmacy: the organisation's titolari and whoever has it in their list. */
export async function staffOfPharmacy(tx: TDb, organisationId: number, pharmacyId: number) {
  return tx
    .select({ userId: organisationMembers.userId, role: organisationMembers.role })
    .from(organisationMembers)
    .where(
      and(
        eq(organisationMembers.organisationId, organisationId),
        or(eq(organisationMembers.role, 'titolare'), sql`${pharmacyId} = any(${organisationMembers.pharmacyIds})`),
      ),
    );
}

/**
 * Whom a pharmacy's mail goes to (decision 089): for a pharmacy of an organisation, the people its settings name, else
 * its titolari and its responsabili; for anyone else (a pharmacist, an admin), their own address. Suspended accounts
 * are left out. Read in the transaction of the notification.
 */
export async function mailRecipientsOf(tx: TDb, userId: number): Promise<{ userId: number; email: string }[]> {
  const [place] = await tx
    .select({ organisationId: organisationPharmacies.organisationId, notify: pharmacySettings.notifyUserIds })
    .from(organisationPharmacies)
    .leftJoin(pharmacySettings, eq(pharmacySettings.pharmacyId, organisationPharmacies.pharmacyId))
    .where(eq(organisationPharmacies.pharmacyId, userId));
  if (!place) return tx.select({ userId: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  const staff = await staffOfPharmacy(tx, place.organisationId, userId);
  const told = staff
    .filter((member) => (place.notify ? place.notify.includes(member.userId) : member.role !== 'consultazione'))
    .map((member) => member.userId);
  if (!told.length) return [];
  return tx
    .select({ userId: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.id, told), isNull(users.suspendedAt)))
    .orderBy(asc(users.id));
}

/**
 * mailRecipientsOf for many users at once (decision 096): one query finds which are pharmacies of an organisation (each
 * of those read as mailRecipientsOf does), one reads everyone else's own address.
 */
export async function mailRecipientsOfMany(
  tx: TDb,
  userIds: number[],
): Promise<Map<number, { userId: number; email: string }[]>> {
  const byUser = new Map<number, { userId: number; email: string }[]>();
  if (!userIds.length) return byUser;
  const places = await tx
    .select({ pharmacyId: organisationPharmacies.pharmacyId })
    .from(organisationPharmacies)
    .where(inArray(organisationPharmacies.pharmacyId, userIds));
  const pharmacies = new Set(places.map((place) => place.pharmacyId));
  for (const pharmacyId of pharmacies) byUser.set(pharmacyId, await mailRecipientsOf(tx, pharmacyId));
  const people = userIds.filter((id) => !pharmacies.has(id));
  if (people.length)
    for (const row of await tx.select({ userId: users.id, email: users.email }).from(users).where(inArray(users.id, people)))
      byUser.set(row.userId, [row]);
  return byUser;
}
