/**
 * The demo's invoices (decision 095): Giulia worked two freelance mornings for the Milan pharmacy. The first, two
 * months ago, the pharmacy confirmed at once; she invoiced it (1/FP) and marked it sent, and it is now overdue, so
 * 'Fatture ricevute' shows it first. Nobody answered the second, three weeks ago, so its hours confirmed themselves:
 * it waits under 'Da fatturare' for her two clicks.
 */
import { addDays } from '@farmaponte/shared';
import type { TDb } from '../db/client';
import type { TEvents } from '../lib/event-bus';
import { issueInvoice } from '../modules/invoices/issue';
import { markSent } from '../modules/invoices/marks';
import { reviewWorkedHours } from '../modules/shifts';

export interface TDemoInvoiceSteps {
  publish: (input: Record<string, unknown>) => Promise<{ id: number }>;
  apply: (offerId: number) => Promise<{ id: number }>;
  accept: (applicationId: number) => Promise<void>;
  /** Moves the demo's clock to `days` from the seeding day and answers it. */
  at: (days: number) => Date;
}

/** A freelance morning in Milan on `day`, published, applied to and accepted five days before it. */
async function workedMorning(steps: TDemoInvoiceSteps, today: string, days: number, title: string) {
  const day = addDays(today, days);
  steps.at(days - 5);
  const offer = await steps.publish({
    title,
    description: 'Copertura della mattina al banco, in libera professione con partita IVA.',
    salary: '26 €/ora',
    start_time: '08:30',
    end_time: '13:00',
    date_from: day,
    date_to: day,
    legal_forms: ['libera_professione'],
  });
  const { id } = await steps.apply(offer.id);
  await steps.accept(id);
  return id;
}

export async function seedDemoInvoices(
  db: TDb,
  events: TEvents,
  people: { giulia: number; giuliaEmail: string; milano: number; milanoEmail: string },
  steps: TDemoInvoiceSteps,
  today: string,
): Promise<void> {
  const first = await workedMorning(steps, today, -60, 'Mattina in libera professione di inizio autunno');
  await reviewWorkedHours(db, events, people.milano, first, { status: 'confirmed', note: '' }, steps.at(-59), {
    id: people.milano,
    email: people.milanoEmail,
  });
  const giulia = { id: people.giulia, email: people.giuliaEmail };
  const invoice = await issueInvoice(db, events, giulia, { application_ids: [first] }, steps.at(-58));
  await markSent(db, giulia, invoice.id, steps.at(-57));
  await workedMorning(steps, today, -21, 'Mattina in libera professione di novembre');
}
