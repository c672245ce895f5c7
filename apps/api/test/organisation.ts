/** The people and pharmacies of an organisation for API tests (decision 089): its staff through an invitation's link. */
import type { TMemberRole } from '@farmaponte/shared/organisation';
import { eq } from 'drizzle-orm';
import { verifications } from '../src/db/schema';
import { bearer, login, type TSignedIn, type TTestApp } from './helpers';

let people = 0;

/** The token of the last staff invitation mailed to this address. */
export async function invitationTokenTo(t: TTestApp, email: string): Promise<string> {
  await t.app.outbox.runOnce();
  const token = t.smtp.lastTo(email)?.text.match(/invito-staff\?token=([A-Za-z0-9_%-]+)/)?.[1];
  if (!token) throw new Error(`no staff invitation mailed to ${email}`);
  return decodeURIComponent(token);
}

/**
 * A person invited by `titolare` with this role (and pharmacies), who accepts the link with a new account and logs
 * in, as the journey does.
 */
export async function staffMember(
  t: TTestApp,
  titolare: TSignedIn,
  role: TMemberRole,
  pharmacyIds: number[] = [],
  name = 'Laura',
  surname = 'Neri',
): Promise<TSignedIn> {
  people += 1;
  const email = `staff-${people}-${Date.now()}@example.it`;
  const invited = await t.app.inject({
    method: 'POST',
    url: '/api/organisation/invitations/',
    headers: titolare.headers,
    payload: { email, role, pharmacy_ids: pharmacyIds },
  });
  if (invited.statusCode !== 201) throw new Error(`invitation: ${invited.statusCode} ${invited.body}`);
  const token = await invitationTokenTo(t, email);
  const accepted = await t.app.inject({
    method: 'POST',
    url: '/api/organisation/invitations/accept/',
    payload: { token, name, surname, password: 'password-sicura', privacyPolicyConsent: true },
  });
  if (accepted.statusCode !== 201) throw new Error(`accepting: ${accepted.statusCode} ${accepted.body}`);
  const tokens = await login(t.app, email, 'password-sicura');
  const me = (await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: bearer(tokens.access) })).json() as {
    id: number;
  };
  return {
    user: { id: me.id, email, password: 'password-sicura', role: 'titolare' },
    ...tokens,
    headers: bearer(tokens.access),
  };
}

/** A second pharmacy added by the titolare (typed by hand, not in the registry), verified by an admin unless told. */
export async function addedPharmacy(t: TTestApp, titolare: TSignedIn, name: string, verified = true): Promise<number> {
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/organisation/pharmacies/',
    headers: titolare.headers,
    payload: {
      denominazione_farmacia: name,
      indirizzo_farmacia: 'Via Garibaldi 4',
      comune_farmacia: 'Torino',
      partita_iva: '01234567897',
    },
  });
  if (added.statusCode !== 201) throw new Error(`adding a pharmacy: ${added.statusCode} ${added.body}`);
  const { id } = added.json() as { id: number };
  if (verified)
    await t.database.db
      .update(verifications)
      .set({ status: 'verified', decidedAt: new Date() })
      .where(eq(verifications.userId, id));
  return id;
}

/** The headers of a request acting for this pharmacy. */
export const actingFor = (who: TSignedIn, pharmacyId: number | 'tutte') => ({
  ...who.headers,
  'x-farmacia': String(pharmacyId),
});
