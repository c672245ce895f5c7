/**
 * An organisation's other pharmacies and its staff, written straight into the tables (decision 089) for the tests of
 * what members may do: a pharmacy added to an owner's organisation, and a person of its staff, logged in.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TDb } from '../src/db/client';
import { profiles } from '../src/db/schema';
import { createStaffMember, organisationOf, ownerProfile } from '../src/factories';
import { createAccount } from '../src/modules/account';
import { bearer, login, type TSignedIn } from './helpers';

export { organisationOf };

/**
 * A pharmacy added to the organisation (no login of its own), verified unless told otherwise, named `name` and with
 * the registry code `code` when given.
 */
export async function addPharmacy(
  db: TDb,
  organisationId: number,
  { name = 'Farmacia Centrale', code, verified = true }: { name?: string; code?: string; verified?: boolean } = {},
): Promise<number> {
  const pharmacy = await createAccount(db, {
    email: `farmacia-${randomUUID().slice(0, 8)}@farmacie.invalid`,
    password: '',
    role: 'titolare',
    profile: ownerProfile({ denominazione_farmacia: name }),
    verified,
    organisationId,
  });
  if (code) await db.update(profiles).set({ codFarmacia: code }).where(eq(profiles.userId, pharmacy.id));
  return pharmacy.id;
}

/** A person of the organisation's staff with this role (for these pharmacies), logged in through the API. */
export async function signedInMember(
  app: FastifyInstance,
  organisationId: number,
  role: 'titolare' | 'responsabile' | 'consultazione',
  pharmacyIds: number[] = [],
): Promise<TSignedIn> {
  const user = await createStaffMember(app.db, organisationId, role, pharmacyIds);
  const tokens = await login(app, user.email, user.password);
  return { user, ...tokens, headers: bearer(tokens.access) };
}

/** The headers of a request acting for a pharmacy (the invitation-driven tests' own helper). */
export { actingFor } from './organisation';
