/**
 * Urgent shifts (decision 096): an owner marks an open shift starting within URGENT_WINDOW_HOURS as urgent, the
 * pharmacists free that day within their radius are told at once, the search lists it first. The rule's numbers, the
 * parts of a day a shift fits, and every text the API and the pages show of it.
 */
import { FIRST_SCREEN_TEXT } from './ui-text-first-screen';

/** A shift may be marked urgent from this many hours before its first day's start (Europe/Rome) until it starts. */
export const URGENT_WINDOW_HOURS = 72;

type TPart = 'giornata' | 'mattina' | 'pomeriggio' | 'notte';

/**
 * Which parts of a free day (the availability calendar's) a shift with these hours fits (decision 096): 'giornata' any
 * shift; 'mattina' one over by 14:00; 'pomeriggio' one from 12:00 on, over by 21:00; 'notte' one from 19:00 on, one
 * over by 08:00 or one across midnight. A shift without its hours fits every part (the day is free in some part).
 */
export function partsFitting(startTime: string | null, endTime: string | null): TPart[] {
  if (!startTime || !endTime) return ['giornata', 'mattina', 'pomeriggio', 'notte'];
  const acrossMidnight = endTime <= startTime;
  const parts: TPart[] = ['giornata'];
  if (!acrossMidnight && endTime <= '14:00') parts.push('mattina');
  if (!acrossMidnight && startTime >= '12:00' && endTime <= '21:00') parts.push('pomeriggio');
  if (acrossMidnight || startTime >= '19:00' || endTime <= '08:00') parts.push('notte');
  return parts;
}

/** The API's answers (4xx messages and the success sentence). */
export const URGENT_MESSAGES = {
  notOpen: "Solo un'offerta aperta e pubblicata può essere segnata come urgente.",
  noDate: 'Un turno senza data non può essere segnato come urgente.',
  started: 'Il turno è già iniziato: non può più essere segnato come urgente.',
  tooFar: `Un turno può essere segnato come urgente solo nelle ${URGENT_WINDOW_HOURS} ore prima del suo inizio.`,
  marked: (reached: number) =>
    reached === 0
      ? 'Turno segnato come urgente. Nessun farmacista libero nel raggio per ora.'
      : reached === 1
        ? 'Turno segnato come urgente: avvisato 1 farmacista.'
        : `Turno segnato come urgente: avvisati ${reached} farmacisti.`,
  alreadyMarked: (reached: number) =>
    `Il turno era già segnato come urgente (${reached === 1 ? '1 farmacista avvisato' : `${reached} farmacisti avvisati`}).`,
};

/** The notification (bell, push, mail) a free pharmacist receives. */
export const URGENT_NOTIFICATION = (pharmacy: string, offer: string, day: string, hours: string | null) => ({
  title: 'Turno urgente vicino a te',
  body: `${pharmacy} cerca subito un farmacista per «${offer}», il ${day}${hours ? ` (${hours})` : ''}: sei libero quel giorno.`,
});

/** The pages' words. */
export const URGENT_TEXT = {
  badge: FIRST_SCREEN_TEXT.urgentBadge,
  markButton: 'Segna come urgente',
  markTitle: 'Segnare il turno come urgente?',
  markQuestion: (title: string) =>
    `«${title}» sarà mostrato per primo nella ricerca, con l'etichetta «Urgente». Avviseremo subito, con una notifica e un'e-mail, i farmacisti verificati che si sono detti liberi quel giorno nel raggio in cui lavorano e non hanno già un turno confermato. Non si può annullare.`,
  markConfirm: 'Segna come urgente',
  markBusy: 'Invio degli avvisi...',
  markCancel: 'Annulla',
  reached: (count: number) =>
    count === 0 ? 'Nessun farmacista libero nel raggio' : count === 1 ? 'Avvisato 1 farmacista' : `Avvisati ${count} farmacisti`,
};
