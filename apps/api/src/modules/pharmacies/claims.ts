/**
 * Owners who name the same registry pharmacy (decision 083): a pharmacy already tied to a verified owner is refused to
 * anyone else, and a second claim while both wait is shown to the admin who decides them. Two approvals of owners of
 * the same pharmacy take turns on its registry row, so two admins at once cannot both approve.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { pharmacies, profiles, users, verifications } from '../../db/schema';

/** The verified owner (other than `exceptUserId`) whose pharmacy is this registry code, if any. */
export async function verifiedClaimOf(db: TDb, code: string, exceptUserId?: number): Promise<number | undefined> {
  if (!code) return undefined;
  const [claim] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .innerJoin(verifications, eq(verifications.userId, profiles.userId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        eq(profiles.codFarmacia, code),
        eq(users.role, 'titolare'),
        eq(verifications.status, 'verified'),
        exceptUserId === undefined ? undefined : ne(profiles.userId, exceptUserId),
      ),
    )
    .limit(1);
  return claim?.userId;
}

/** Every owner who named one of these registry codes, oldest request first: each code's claimants. */
export async function claimsOf(db: TDb, codes: string[]) {
  const wanted = [...new Set(codes.filter(Boolean))];
  if (!wanted.length) return new Map<string, TClaim[]>();
  const rows = await db
    .select({
      code: profiles.codFarmacia,
      user_id: users.id,
      email: users.email,
      name: profiles.name,
      surname: profiles.surname,
      status: verifications.status,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .innerJoin(verifications, eq(verifications.userId, profiles.userId))
    .where(and(eq(users.role, 'titolare'), inCodes(wanted)))
    .orderBy(asc(verifications.requestedAt), asc(users.id));
  const byCode = new Map<string, TClaim[]>();
  for (const { code, ...claim } of rows) byCode.set(code, [...(byCode.get(code) ?? []), claim]);
  return byCode;
}

export interface TClaim {
  user_id: number;
  email: string;
  name: string;
  surname: string;
  status: 'pending' | 'verified' | 'rejected';
}

const inCodes = (codes: string[]) =>
  codes.length === 1 ? eq(profiles.codFarmacia, codes[0] ?? '') : inArray(profiles.codFarmacia, codes);

/**
 * The registry row of the pharmacy an owner's approval concerns, locked (step 1b of the lock order, after the owner's
 * user row): two approvals of owners of the same pharmacy wait for each other, and the second sees the first.
 */
export async function lockRegistryPharmacy(tx: TDb, code: string): Promise<void> {
  if (!code) return;
  await tx.select({ code: pharmacies.codFarmacia }).from(pharmacies).where(eq(pharmacies.codFarmacia, code)).for('update');
}
