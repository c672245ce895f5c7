/**
 * The demo's group (decision 089): the Milan owner's pharmacy is one of two of "Farmacie Colombo srl", whose second
 * pharmacy, in Città Studi, has a director (Laura Neri, responsabile) who logs in as herself, has published a Saturday
 * shift and keeps the pharmacy's defaults; Giulia has applied to it.
 */
import { eq } from 'drizzle-orm';
import type { TDb } from '../db/client';
import { verifications } from '../db/schema';
import { createStaffMember, organisationOf } from '../factories';
import type { TEvents } from '../lib/event-bus';
import { addPharmacy, saveSettings, updateOrganisation } from '../modules/organisations/service';

export async function seedDemoGroup(
  db: TDb,
  events: TEvents,
  people: { milano: { id: number; email: string }; responsabileEmail: string },
  now: Date,
): Promise<{ cittaStudi: number; laura: number }> {
  const organisationId = await organisationOf(db, people.milano.id);
  const titolare = { actorId: people.milano.id, organisationId, memberRole: 'titolare' as const, email: people.milano.email };
  await updateOrganisation(
    db,
    titolare,
    {
      name: 'Farmacie Colombo srl',
      partita_iva: '09876543217',
      codice_fiscale: '09876543217',
      sede_legale: 'Corso Buenos Aires 18, 20124 Milano',
      pec: 'farmaciecolombo@pec.it',
      codice_sdi: 'M5UXCR1',
    },
    now,
  );
  const cittaStudi = await addPharmacy(
    db,
    events,
    titolare,
    {
      cod_farmacia: '',
      denominazione_farmacia: 'Farmacia Colombo Città Studi',
      indirizzo_farmacia: 'Via Pascoli 12, Milano',
      comune_farmacia: 'Milano',
      partita_iva: '09876543217',
    },
    now,
  );
  // Approved by the staff of Farmaponte when it was added.
  await db.update(verifications).set({ status: 'verified', decidedAt: now }).where(eq(verifications.userId, cittaStudi));
  const laura = await createStaffMember(db, organisationId, 'responsabile', [cittaStudi], {
    email: people.responsabileEmail,
    name: 'Laura',
    surname: 'Neri',
  });
  await saveSettings(
    db,
    { actorId: laura.id, organisationId, memberRole: 'responsabile', email: laura.email },
    cittaStudi,
    {
      start_time: '08:30',
      end_time: '13:00',
      hourly_pay: 22,
      positions: 1,
      note: 'Parcheggio riservato nel cortile; gestionale Wingesfar; camice bianco fornito dalla farmacia. Metro M2 Piola.',
      notify_user_ids: null,
    },
    now,
  );
  return { cittaStudi, laura: laura.id };
}
