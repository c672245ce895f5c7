/**
 * The texts of 'Pubblica più turni' (decision 090): the template, the calendar, the weekly rule, the CSV. Apart from
 * OWNER_TEXT, so only this page carries them.
 */
import { LIMITS } from './limits';

export const BULK_TEXT = {
  pageTitle: 'Pubblica più turni',
  intro: 'Scegli i giorni sul calendario o con una regola settimanale, oppure carica un file CSV: ogni giorno diventa un turno.',
  myOffersLink: 'Pubblica più turni',
  backToOffers: 'Torna a Le Mie Offerte',
  modeLabel: 'Come vuoi scegliere i turni',
  modeCalendar: 'Dal calendario',
  modeCsv: 'Da un file CSV',

  // The template
  templateTitle: 'Il turno',
  templateHint: 'Ogni giorno scelto avrà questi dati. I campi vuoti prendono le impostazioni della farmacia.',
  settingsLoading: 'Carico le impostazioni della farmacia…',

  // The calendar and the rule
  calendarTitle: 'I giorni',
  calendarHint: 'Tocca un giorno per sceglierlo o toglierlo; con la tastiera usa le frecce e Invio.',
  dayLabel: (weekday: string, day: number, month: string, year: number, picked: boolean) =>
    `${weekday} ${day} ${month} ${year}${picked ? ', scelto' : ''}`,
  ruleTitle: 'Ogni settimana',
  ruleWeekdays: 'Ogni',
  ruleFrom: 'Dal',
  ruleTo: 'Al',
  ruleApply: 'Aggiungi al calendario',
  ruleAdded: (count: number) => (count === 1 ? 'Aggiunto 1 giorno al calendario.' : `Aggiunti ${count} giorni al calendario.`),
  ruleNothing: 'Nessun giorno nuovo: controlla i giorni della settimana e le date.',
  clearDays: 'Togli tutti i giorni',
  preview: (count: number) =>
    count === 0 ? 'Nessun turno scelto.' : count === 1 ? 'Pubblicherai 1 turno.' : `Pubblicherai ${count} turni.`,
  pickedDays: 'Giorni scelti',
  tooManyDays: `Puoi pubblicare al massimo ${LIMITS.bulkOfferDaysMax} turni alla volta.`,
  publish: (count: number) => (count === 1 ? 'Pubblica 1 turno' : `Pubblica ${count} turni`),
  publishBusy: 'Pubblicazione in corso…',
  problemsTitle: 'Da correggere prima di pubblicare',

  // The CSV
  csvTitle: 'Il file CSV',
  csvFileLabel: 'File CSV',
  csvHint: `Una riga di intestazione, poi un turno per riga (al massimo ${LIMITS.bulkCsvRowsMax}). Salvalo come «CSV UTF-8»; il separatore può essere ; oppure ,.`,
  csvColumnsTitle: 'Le colonne',
  csvColumns: [
    ['farmacia', 'il numero o il codice della farmacia; vuota: la farmacia che stai gestendo'],
    ['data', 'GG/MM/AAAA o AAAA-MM-GG, da oggi in poi (obbligatoria)'],
    ['inizio, fine', 'HH:MM; vuote: gli orari della farmacia'],
    ['paga_oraria', 'in euro, per esempio 18,50; vuota: la paga della farmacia'],
    ['posti', 'da 1 a 20; vuota: i posti della farmacia, oppure 1'],
    ['titolo', 'il titolo del turno (obbligatoria)'],
    ['descrizione', 'vuota: la nota della farmacia'],
    ['forma', 'dipendente, libera professione o entrambe; vuota: dipendente (la prestazione occasionale non è ammessa)'],
    ['notte, notte_dalle', 'servizio notturno: aperti o chiusi, e da che ora (HH:MM); vuote: nessun servizio notturno'],
    ['compenso_lp, compenso_notte, compenso_festivo', 'in euro l’ora, solo con la libera professione; vuote: la paga oraria'],
    [
      'viaggio, viaggio_euro, viaggio_km, viaggio_tetto',
      'fisso (con viaggio_euro) o km (con viaggio_km e il tetto in euro); vuote: nessun rimborso',
    ],
    ['alloggio_notti, alloggio_note', 'le notti di alloggio offerte e una nota; vuote: nessun alloggio'],
    ['tratta_fino_a', 'il compenso orario più alto che accetti di trattare; vuota: il compenso non si tratta'],
  ] as readonly (readonly [string, string])[],
  csvExample: 'farmacia;data;inizio;fine;paga_oraria;posti;titolo;descrizione;forma',
  csvCheck: 'Controlla il file',
  /** The publish button before a check: it waits for a clean file. */
  csvPublish: 'Pubblica i turni',
  csvChecking: 'Controllo in corso…',
  csvNoFile: 'Scegli prima un file CSV.',
  csvErrorsTitle: (count: number) => (count === 1 ? 'Il file ha 1 errore' : `Il file ha ${count} errori`),
  csvClean: (count: number) => (count === 1 ? 'Il file è corretto: 1 turno.' : `Il file è corretto: ${count} turni.`),
  csvSeries: (pharmacy: string, count: number) => `${pharmacy || 'Farmacia'}: ${count === 1 ? '1 turno' : `${count} turni`}`,
  csvChanged: 'Hai cambiato il file: controllalo di nuovo prima di pubblicare.',

  // A series on 'Le Mie Offerte'
  seriesOf: (count: number) => (count === 1 ? 'Fa parte di una serie' : `Fa parte di una serie di ${count} turni`),
  seriesClose: 'Chiudi la serie',
  seriesCloseTitle: 'Chiudere la serie?',
  seriesCloseQuestion: (title: string) =>
    `Chiuderai i turni «${title}» di questa serie non ancora chiusi né passati: non riceveranno altre candidature e quelle in attesa riceveranno una risposta. Potrai riaprirli uno alla volta.`,
  seriesCloseBusy: 'Chiusura in corso…',
  seriesKeepOpen: 'Non chiudere',
} as const;
