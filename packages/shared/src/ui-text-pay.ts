/**
 * The texts of pay as agreed on the web (decision 094): the offer form's "Paga e condizioni", its hour-by-hour
 * preview and the like-with-like fair-pay warning, and the breakdown on the offer's public page. Apart from UI_TEXT,
 * so /login and the first screen do not carry them; the search page's few words are in ui-text-pay-search.ts.
 */
import type { TLegalForm } from './engagement';
import { formatAmount } from './italian-figures';
import type { TNightService } from './pay-rules';

export { PAY_ROW_TEXT, PAY_SEARCH_TEXT } from './ui-text-pay-search';

export const PAY_TEXT = {
  // The offer form's section
  sectionLegend: 'Paga e condizioni',
  sectionIntro: 'Notti, festivi, viaggio e alloggio: chi si candida vede la paga ora per ora prima di candidarsi.',
  ccnlMinimum: (euros: number) => `Minimo CCNL ${formatAmount(euros)} €/h lordi`,
  ccnlMinimumPrefilled: 'La paga oraria parte dal minimo del livello: puoi alzarla.',
  nightServiceLabel: 'Servizio notturno',
  nightServiceNone: 'Nessuno (turno di giorno)',
  nightServices: {
    battenti_aperti: 'A battenti aperti',
    battenti_chiusi: 'A battenti chiusi (a chiamata)',
  } satisfies Record<TNightService, string>,
  nightFromLabel: 'Notte dalle',
  nightFromHint: 'Vuoto: tutto il turno è servizio notturno. Il turno può finire il mattino dopo (es. 20:00–08:30).',
  freelanceLegend: 'Libera professione',
  feeHourlyLabel: 'Compenso orario (€/ora)',
  feeHourlyHint: 'Se diverso dalla paga oraria dei dipendenti; vuoto: la stessa.',
  nightFeeLabel: 'Compenso notturno (€/ora)',
  holidayFeeLabel: 'Compenso domenicale e festivo (€/ora)',
  ownFeeHint: 'Vuoto: il compenso ordinario.',
  extraHolidaysLegend: 'Festività locali',
  extraHolidaysHint:
    'Un giorno del turno festivo nel tuo comune che Farmaponte non conosce (il santo patrono dei capoluoghi di regione è già compreso).',
  extraHolidaysNeedDates: 'Indica prima le date del turno.',
  extraHolidayDayLabel: 'Giorno festivo',
  extraHolidayAdd: 'Aggiungi',
  extraHolidayRemove: (day: string) => `Togli il ${day}`,
  travelLegend: 'Viaggio',
  travelModes: { nessuno: 'Non rimborsato', fisso: 'Cifra fissa', km: 'A chilometro' },
  travelAmountLabel: 'Rimborso (€)',
  travelPerKmLabel: 'Euro per km',
  travelCapLabel: 'Tetto (€)',
  travelCapHint: 'Facoltativo.',
  travelPerKmHint: 'Sui km di andata e ritorno, stimati dal comune del farmacista.',
  travelPerDayLabel: 'Per ogni giorno di lavoro',
  travelPerDayHint: 'Altrimenti una volta sola per tutto il turno.',
  lodgingLegend: 'Alloggio',
  lodgingNightsLabel: 'Notti offerte',
  lodgingNoteLabel: "Nota sull'alloggio",
  lodgingNotePlaceholder: 'Es. camera in appartamento vicino alla farmacia',
  negotiationLegend: 'Trattativa',
  negotiationMaxHourlyLabel: 'Accetto proposte fino a (€/ora)',
  negotiationMaxHourlyHint: 'Vuoto: il compenso non si tratta.',
  negotiationMaxTravelLabel: 'Rimborso del viaggio proponibile fino a (€)',
  negotiationMaxTravelHint: 'Vuoto: il viaggio non si tratta.',
  // 'Pubblica più turni': the simple part of the terms, the same on every day
  bulkTermsHint:
    'Uguali per ogni giorno. Festività locali, rimborso a chilometro e alloggio si indicano poi sulla singola offerta.',
  nightFeeFreelanceLabel: 'Compenso notturno in libera professione (€/ora)',
  holidayFeeFreelanceLabel: 'Compenso domenicale e festivo in libera professione (€/ora)',
  travelFixedLabel: 'Rimborso fisso del viaggio (€)',
  travelNoneHint: 'Vuoto: il viaggio non è rimborsato.',

  // The hour-by-hour preview and the public page's breakdown
  previewTitle: 'Anteprima della paga, ora per ora',
  previewNeedsHours: 'Indica le date e gli orari del turno per vedere la paga ora per ora.',
  previewFor: (form: TLegalForm) => (form === 'dipendente' ? 'Dipendente (lordo)' : 'Libera professione (compenso)'),
  previewTravelLeftOut: 'Viaggio escluso.',
  columnDay: 'Giorno',
  columnHours: 'Ore',
  /** A phone's first column holds the hours too: 'Giorno e ore'. */
  columnDayHoursTail: ' e ore',
  columnWhat: 'Voce',
  columnRate: '€/ora',
  columnAmount: 'Importo',
  columnAmountRateTail: ' e €/ora',
  ratePerHour: (rate: number) => `${formatAmount(rate)} €/ora`,
  hoursRange: (from: string, to: string) => `${from}–${to}`,
  /** A line's day, short: 'dom 06/12'. */
  shortDay: (weekday: number, day: string) =>
    `${['dom', 'lun', 'mar', 'mer', 'gio', 'ven', 'sab'][weekday]} ${day.slice(8, 10)}/${day.slice(5, 7)}`,
  rate: (rate: number) => formatAmount(rate),
  euros: (amount: number) => `${formatAmount(amount)} €`,
  total: 'Totale',
  totalOf: (form: TLegalForm, amount: number) =>
    `${form === 'dipendente' ? 'Totale dipendente' : 'Totale libera professione'}: ${formatAmount(amount)} €`,

  // The like-with-like fair-pay warning (never a refusal)
  belowMinimum: (form: TLegalForm, day: string, from: string, to: string, rate: number, minimum: number) =>
    `Attenzione: ${form === 'libera_professione' ? 'in libera professione, ' : ''}per le ore del ${day} dalle ${from} alle ${to} paghi ${formatAmount(rate)} €/ora, meno del minimo del contratto nazionale per le stesse ore (${formatAmount(minimum)} €/ora lordi). Puoi pubblicare lo stesso, ma una paga equa trova farmacisti prima.`,
  belowLevelMinimum: (rate: number, minimum: number) =>
    `Attenzione: ${formatAmount(rate)} €/ora è meno del minimo del contratto nazionale per questo livello (${formatAmount(minimum)} €/ora lordi). Puoi pubblicare lo stesso, ma una paga equa trova farmacisti prima.`,

  // The offer's public page
  breakdownTitle: 'La paga, ora per ora',
  breakdownFormLabel: 'Mostra la paga per',
  breakdownLoading: 'Calcolo della paga…',
  breakdownNoHours: "L'offerta non indica date e orari: la paga ora per ora non si può calcolare.",
  travelLabel: 'Viaggio',
  travelAbout: (km: number, amount: number | null) =>
    amount === null ? `circa ${km} km` : `circa ${km} km, ${formatAmount(amount)} €`,
  travelFixed: (amount: number, perDay: boolean) => `${formatAmount(amount)} €${perDay ? ' per ogni giorno' : ''}`,
  travelPerKm: (perKm: number, cap: number | null, perDay: boolean) =>
    `${formatAmount(perKm)} € al km, andata e ritorno${cap === null ? '' : `, fino a ${formatAmount(cap)} €`}${perDay ? ' per ogni giorno' : ''}: i km si stimano dal comune del farmacista.`,
  travelPerKmUnknown: 'Rimborso a chilometro: i km si stimano dal comune del farmacista.',
  lodgingLabel: 'Alloggio',
  lodgingNights: (nights: number, note: string) => `${nights === 1 ? '1 notte' : `${nights} notti`}${note ? `: ${note}` : ''}`,
  grandTotalLabel: 'Totale con il viaggio',
  negotiable: (maxHourly: number) => `La farmacia accetta proposte fino a ${formatAmount(maxHourly)} €/ora.`,
} as const;
