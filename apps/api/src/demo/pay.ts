/**
 * The demo's pay as agreed (decision 094): the Milan owner publishes a Sunday night with the doors open, paid by the
 * contract hour by hour, and a week's freelance cover that pays the trip by the km and a room, negotiable up to 36 €/h;
 * Giulia proposes 34 €/h and 40 € for the trip, and the pharmacy counters with 32 €/h: the counter waits for her on
 * /mie_candidature.
 */
import { addDays } from '@farmaponte/shared';
import type { TDb } from '../db/client';
import type { TEvents } from '../lib/event-bus';
import { decideProposal } from '../modules/negotiation/service';

export interface TDemoPaySteps {
  publish: (input: Record<string, unknown>) => Promise<{ id: number }>;
  applyWithProposal: (offerId: number, proposal: Record<string, unknown>) => Promise<{ id: number }>;
}

export async function seedDemoPay(
  db: TDb,
  events: TEvents,
  people: { milano: number; milanoEmail: string },
  steps: TDemoPaySteps,
  { now, sunday }: { now: Date; sunday: string },
): Promise<void> {
  await steps.publish({
    title: 'Notte di domenica a battenti aperti',
    description:
      'Turno notturno della domenica, dalle 20:00 alle 8:30 del mattino dopo, a battenti aperti: maggiorazioni del contratto ora per ora.',
    salary: '14 €/ora',
    start_time: '20:00',
    end_time: '08:30',
    date_from: sunday,
    date_to: sunday,
    legal_forms: ['dipendente'],
    ccnl_level: '1',
    pay_terms: { night_service: 'battenti_aperti' },
  });
  const monday = addDays(sunday, 8);
  const week = await steps.publish({
    title: 'Settimana in libera professione con alloggio',
    description: 'Sostituzione per una settimana, dal lunedì al venerdì. Alloggio in foresteria sopra la farmacia.',
    salary: '30 €/ora',
    start_time: '09:00',
    end_time: '17:00',
    date_from: monday,
    date_to: addDays(monday, 4),
    legal_forms: ['libera_professione'],
    pay_terms: {
      holiday_fee: 40,
      travel_mode: 'km',
      travel_per_km: 0.3,
      travel_cap: 60,
      lodging_nights: 4,
      lodging_note: 'Foresteria sopra la farmacia, con cucina.',
      negotiation_max_hourly: 36,
      negotiation_max_travel: 60,
    },
  });
  const application = await steps.applyWithProposal(week.id, {
    hourly_pay: 34,
    travel_amount: 40,
    reason: 'Vengo da fuori provincia e ho esperienza di galenica.',
  });
  await decideProposal(
    db,
    events,
    people.milano,
    application.id,
    { decision: 'counter', hourly_pay: 32, travel_amount: 40, reason: 'Possiamo arrivare a 32 €/ora, viaggio come chiesto.' },
    { id: people.milano, name: 'Francesca Colombo', email: people.milanoEmail },
    now,
  );
}
