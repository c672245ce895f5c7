/**
 * The texts of a pharmacist's calendar (/disponibilita) and of the owners' search of who is free (/cerca_farmacisti),
 * decision 070; apart from UI_TEXT so the first screen's script does not carry them: only these pages import this.
 */

import { ITALIAN_MONTHS } from './dates';
import type { TAvailabilityPart } from './schemas/availability';

const PART_WORDS: Record<TAvailabilityPart, string> = {
  giornata: 'giornata intera',
  mattina: 'mattina',
  pomeriggio: 'pomeriggio',
  notte: 'notte',
};

/** 'mattina', 'mattina e notte', 'mattina, pomeriggio e notte'. */
function partsInWords(parts: readonly TAvailabilityPart[]): string {
  const words = parts.map((part) => PART_WORDS[part]);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} e ${words.at(-1)}` : (words[0] ?? '');
}

export const AVAILABILITY_TEXT = {
  // The calendar (/disponibilita).
  calendarTitle: 'La mia disponibilità',
  calendarIntro:
    'Indica i giorni in cui puoi lavorare: i titolari verificati della tua zona ti trovano nella loro ricerca e possono invitarti.',
  calendarHowTo:
    'Tocca un giorno per segnarlo come giornata intera, toccalo di nuovo per toglierlo. Per mattina, pomeriggio o notte apri le parti del giorno con il pulsante «⋯» o tenendo premuto il giorno. Da tastiera: le frecce per spostarti, Invio o Spazio per segnare il giorno, Maiusc+F10 per le parti.',
  acceptedDaysNote:
    "I giorni di un turno che hai ottenuto escono da soli dal calendario e tornano se l'accettazione viene annullata.",
  notSavedYet: 'Non hai ancora salvato la tua disponibilità: finché non la salvi visibile, i titolari non ti trovano.',
  hiddenNow: 'La tua disponibilità ora non è visibile ai titolari.',
  calendarLoadFailed: 'Non è stato possibile caricare la tua disponibilità.',
  previousMonth: 'Mese precedente',
  nextMonth: 'Mese successivo',
  monthNames: ITALIAN_MONTHS,
  /** Monday first. */
  weekdayNames: ['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato', 'domenica'],
  weekdayShort: ['lun', 'mar', 'mer', 'gio', 'ven', 'sab', 'dom'],
  monthTitle: (month: string, year: number) => `${month.charAt(0).toUpperCase()}${month.slice(1)} ${year}`,
  /** A day's accessible name: 'lunedì 7 dicembre: mattina'. */
  dayName: (weekday: string, day: number, month: string, parts: readonly TAvailabilityPart[], selectable: boolean) =>
    `${weekday} ${day} ${month}: ${selectable ? (parts.length ? partsInWords(parts) : 'non disponibile') : 'non selezionabile'}`,
  partNames: {
    giornata: 'Giornata intera',
    mattina: 'Mattina',
    pomeriggio: 'Pomeriggio',
    notte: 'Notte',
  } satisfies Record<TAvailabilityPart, string>,
  /** The marks in a day's box (the name says them in words). */
  partMarks: { mattina: 'M', pomeriggio: 'P', notte: 'N' } satisfies Record<Exclude<TAvailabilityPart, 'giornata'>, string>,
  partsButton: (dayName: string) => `Parti del giorno, ${dayName}`,
  partsMenuTitle: (weekday: string, day: number, month: string) => `${weekday} ${day} ${month}`,
  clearDay: 'Non disponibile',
  daysCount: (count: number) =>
    count === 0 ? 'Nessun giorno indicato.' : count === 1 ? '1 giorno indicato.' : `${count} giorni indicati.`,
  calendarEmptyHint: 'Non hai ancora indicato nessun giorno: tocca un giorno del calendario per iniziare.',
  legendTitle: 'Legenda',
  settingsTitle: 'Dove e a quali condizioni',
  comuneLabel: 'Comune da cui parti',
  radiusLabel: 'Distanza massima (km)',
  radiusHint: 'Quanti chilometri sei disposto a fare dal tuo comune.',
  minPayLabel: 'Paga minima (€/ora)',
  minPayHint: 'Facoltativa: lasciala vuota se va bene qualsiasi paga.',
  visibleLabel: 'Visibile ai titolari',
  visibleText:
    "I titolari verificati vedono il tuo nome, il titolo di studio, il comune, la distanza e i giorni in cui sei disponibile; mai il telefono, l'indirizzo o il CV.",
  save: 'Salva',
  saveFailed: 'Non è stato possibile salvare la tua disponibilità. Riprova.',
  // The owners' search (/cerca_farmacisti).
  searchTitle: 'Cerca farmacisti disponibili',
  searchIntro: 'I farmacisti che hanno indicato di essere liberi e che arrivano fino alla tua farmacia.',
  notVerifiedTitle: 'Ricerca disponibile dopo la verifica',
  notVerifiedText:
    "Puoi cercare i farmacisti disponibili dopo che lo staff di Farmaponte ha verificato il tuo account e la tua farmacia. Intanto puoi preparare le tue offerte: saranno pubblicate dopo l'approvazione.",
  filtersTitle: 'Filtri',
  fromLabel: 'Dal',
  toLabel: 'Al',
  nearLabel: 'Vicino a',
  nearHint: 'Lascia vuoto per cercare intorno alla tua farmacia.',
  radiusFilterLabel: 'Entro',
  radiusAny: 'Qualsiasi',
  radiusOption: (km: number) => `${km} km`,
  payLabel: 'Paga offerta (€/ora)',
  payHint: 'Mostra solo chi chiede al massimo questa paga.',
  apply: 'Cerca',
  clear: 'Azzera i filtri',
  resultsTitle: 'Risultati',
  resultsCount: (count: number, from: string, to: string) =>
    `${count === 1 ? '1 farmacista disponibile' : `${count} farmacisti disponibili`} dal ${from} al ${to}.`,
  searchEmptyTitle: 'Nessun farmacista disponibile per questa ricerca.',
  searchEmptyHint: 'Prova ad allargare le date o la distanza, o a togliere la paga offerta.',
  searchLoadFailed: 'Non è stato possibile cercare i farmacisti disponibili.',
  distance: (km: string) => `a ${km} km`,
  daysLabel: 'Giorni disponibili',
  /** A day on a card: '07/12 mattina'. */
  dayOnCard: (dayMonth: string, part: TAvailabilityPart) => `${dayMonth} ${PART_WORDS[part]}`,
  alboVerified: 'Albo verificato',
  mapTitle: 'Sulla mappa',
  mapLabel: 'Mappa dei farmacisti disponibili',
  mapNote: 'Ogni farmacista è segnato al centro del suo comune, mai al suo indirizzo.',
  mapCount: (count: number) => (count === 1 ? '1 farmacista' : `${count} farmacisti`),
} as const;
