/**
 * The texts of the engagement's screens (decision 093): the legal form on the offer form, the cards and the search;
 * the apply dialog; the pharmacist's professional file (/fascicolo); the owner's view of a freelance applicant and the
 * reclassification warning; the contract page (/contratti/:id) and the summary for the labour consultant. Apart from
 * UI_TEXT, so /login and the first screen do not carry them; the header's link is in ui-text-engagement-link.ts.
 */
import { LEGAL_FORM_LABELS, OCCASIONAL_WORK, type TLegalForm } from './engagement';

export { ENGAGEMENT_LINK_TEXT } from './ui-text-engagement-link';

/** What the offer form offers under 'Forma di lavoro'. */
export type TLegalFormChoice = TLegalForm | 'entrambe';

export const ENGAGEMENT_TEXT = {
  // The offer form
  legalFormLegend: 'Forma di lavoro',
  legalFormChoices: {
    dipendente: LEGAL_FORM_LABELS.dipendente,
    libera_professione: LEGAL_FORM_LABELS.libera_professione,
    entrambe: 'Entrambe (il farmacista sceglie quando si candida)',
  } satisfies Record<TLegalFormChoice, string>,
  ccnlLevelLabel: 'Livello CCNL',
  ccnlLevelHint: 'CCNL per i dipendenti da farmacia privata.',
  occasionalQuestion: 'E la prestazione occasionale?',
  occasionalAnswer: OCCASIONAL_WORK.refusal,
  occasionalSource: OCCASIONAL_WORK.source,
  sourceLabel: 'Fonte:',

  // Cards, detail, search
  legalFormLabel: 'Forma di lavoro',
  legalFormsOf: (forms: readonly string[]) => forms.join(' o '),
  searchLegalFormLabel: 'Forma di lavoro',
  searchLegalFormAny: 'Tutte',
  searchLegalFormEmployee: 'Dipendente',
  searchLegalFormFreelance: 'Libera professione',
  ccnlLevelOf: (label: string) => `Livello CCNL: ${label}`,

  // The apply dialog
  applyTitle: 'Candidati',
  applyIntro: (title: string) => `Invii il tuo CV per «${title}».`,
  applyChooseForm: 'Come vuoi lavorare?',
  applyFreelanceOnly: 'Questa offerta è in libera professione: lavori con la tua partita IVA e la tua assicurazione.',
  applyChecking: 'Controllo del fascicolo professionale...',
  applyFileNotReady: 'Per candidarti in libera professione manca ancora:',
  acceptFileNotReady: 'Per accettare in libera professione manca ancora:',
  applyFileReady: 'Il tuo fascicolo professionale è completo.',
  applyOpenFile: 'Completa il fascicolo professionale',
  applyFileLoadFailed: 'Non è stato possibile leggere il fascicolo professionale.',
  applySend: 'Invia candidatura',
  applySending: 'Invio in corso...',

  // /fascicolo
  fileTitle: 'Fascicolo professionale',
  fileIntro:
    'I dati che servono per lavorare in libera professione e per il contratto: li vede solo Farmaponte; alla farmacia arrivano solo nel contratto che accetti.',
  fileReady: 'Il fascicolo è completo: puoi candidarti in libera professione.',
  fileMissing: 'Per candidarti in libera professione manca ancora:',
  identityTitle: 'Dati anagrafici',
  codiceFiscaleLabel: 'Codice fiscale',
  codiceFiscaleHint: '16 caratteri: deve corrispondere a nome, cognome, data e luogo di nascita del profilo.',
  birthDateLabel: 'Data di nascita',
  birthPlaceLabel: 'Luogo di nascita',
  birthPlaceHint: 'Il comune di nascita, o lo Stato estero.',
  birthPlacePlaceholder: 'es. Bergamo',
  birthPlaceNone: 'Nessun luogo trovato con questo nome.',
  taxTitle: 'Partita IVA',
  partitaIvaLabel: 'Partita IVA',
  partitaIvaHint: '11 cifre.',
  taxRegimeLabel: 'Regime fiscale',
  notGiven: 'Non indicato',
  insuranceTitle: 'Assicurazione professionale',
  insuranceIntro: 'La polizza di responsabilità civile professionale, obbligatoria per chi esercita.',
  insuranceCompanyLabel: 'Compagnia',
  insurancePolicyLabel: 'Numero di polizza',
  insuranceCoverLabel: 'Massimale (€)',
  insuranceExpiresLabel: 'Scadenza',
  insuranceDocumentTitle: 'Polizza (PDF)',
  insuranceDocumentNone: 'Nessun PDF caricato.',
  insuranceDocumentHint: 'PDF fino a 5 MB.',
  insuranceDocumentFileLabel: 'File della polizza',
  chooseFile: 'Scegli file',
  noFileChosen: 'Nessun file selezionato',
  insuranceDocumentUpload: 'Carica la polizza (PDF)',
  insuranceDocumentReplace: 'Sostituisci il PDF',
  insuranceDocumentDownload: 'Scarica',
  insuranceDocumentDelete: 'Elimina',
  insuranceDocumentDeleteTitle: 'Eliminare il PDF della polizza?',
  insuranceDocumentDeleteText: 'Il file viene cancellato; i dati della polizza restano.',
  insuranceDocumentUploaded: 'PDF della polizza caricato.',
  insuranceDocumentDeleted: 'PDF della polizza eliminato.',
  insuranceDocumentNotPdf: 'Scegli un file PDF.',
  insuranceDocumentTooBig: 'Il PDF supera 5 MB.',
  insuranceDocumentSize: (kb: string) => `${kb} KB`,
  fiscalTitle: 'Domicilio fiscale (per le fatture)',
  fiscalIntro: 'L’indirizzo che le tue fatture riportano come sede del fornitore.',
  fiscalStreetLabel: 'Via e numero civico',
  fiscalCapLabel: 'CAP',
  fiscalComuneLabel: 'Comune',
  fiscalComunePlaceholder: 'es. Milano',
  fiscalComuneHint: 'Scrivi almeno due lettere e scegli il comune dall’elenco.',
  fiscalComuneNone: 'Nessun comune trovato con questo nome.',
  ibanLabel: 'IBAN (facoltativo)',
  ibanHint: 'Il conto su cui chiedi il pagamento nelle fatture. Lascia vuoto per non indicarlo.',
  ecmTitle: 'Formazione continua (ECM)',
  ecmPeriodLabel: 'Triennio',
  ecmCreditsLabel: (required: number) => `Crediti dichiarati (su ${required})`,
  ecmStatus: (period: string, credits: number, required: number) => `ECM ${period}: ${credits} crediti dichiarati su ${required}`,
  save: 'Salva il fascicolo',
  saving: 'Salvataggio in corso...',
  saved: 'Fascicolo professionale salvato.',
  updatedAt: (when: string) => `Aggiornato il ${when}.`,

  // The owner's received application
  insuranceValidUntil: (day: string) => `Assicurazione valida fino al ${day}`,
  insuranceNotGiven: 'Assicurazione non indicata',
  ecmNotGiven: 'ECM non indicati',
  reclassificationChecking: 'Controllo degli incarichi precedenti...',
  reclassificationIndicators: 'Indicatori',
  reclassificationAdvice: 'Cosa fare',
  reclassificationNeverBlocks: 'Puoi comunque accettare.',

  // Links to the contract
  contractLink: 'Contratto',
  contractOpen: 'Apri il contratto',
  hiringSummaryLink: 'Riepilogo per il consulente del lavoro',

  // /contratti/:applicationId
  contractTitle: 'Contratto d’opera',
  contractBack: 'Torna alle candidature',
  contractNotFound: 'Per questa candidatura non c’è un contratto da mostrare.',
  contractStatusLabel: 'Stato',
  contractStatus: {
    toConfirm: 'Da confermare',
    mineDone: (other: 'farmacia' | 'farmacista') =>
      other === 'farmacia' ? 'Confermato da te, in attesa della farmacia' : 'Confermato da te, in attesa del farmacista',
    otherDone: (other: 'farmacia' | 'farmacista') =>
      other === 'farmacia' ? 'Confermato dalla farmacia, da confermare da te' : 'Confermato dal farmacista, da confermare da te',
    both: 'contratto confermato da entrambi',
    cancelled: 'Incarico annullato: il contratto resta consultabile, non si conferma più',
  },
  contractVersion: (version: number) => `Versione ${version}`,
  contractTermsTitle: 'Le condizioni',
  contractClient: 'Committente',
  contractProfessional: 'Professionista',
  contractDays: 'Giorni',
  contractHours: 'Orario',
  contractFee: 'Compenso',
  contractFeeValue: (hourly: string, total: string) => `${hourly} all’ora, ${total} in tutto`,
  contractExpenses: 'Rimborso spese',
  contractNoExpenses: 'Nessun rimborso spese',
  contractCancellation: 'Recesso',
  contractCancellationText: (hours: number, share: number) =>
    `Preavviso di almeno ${hours} ore prima del turno; con un preavviso minore spetta il ${Math.round(share * 100)}% del compenso dei turni annullati.`,
  contractDaysCount: (days: number) => (days === 1 ? '1 giorno' : `${days} giorni`),
  contractVatOf: (vat: string) => `P. IVA ${vat}`,
  contractCfOf: (cf: string) => `C.F. ${cf}`,
  contractDownloadVersion: (version: number) => `Scarica il PDF della versione ${version}`,
  contractCreatedAt: (when: string) => `creata il ${when}`,
  contractHash: 'Impronta SHA-256',
  contractHashHint: 'L’impronta del PDF: due copie con la stessa impronta sono identiche.',
  contractCopyHash: 'Copia l’impronta',
  contractHashCopied: 'Impronta copiata.',
  contractDownload: 'Scarica il PDF',
  contractConfirm: 'Conferma il contratto',
  contractConfirming: 'Conferma in corso...',
  contractConfirmHint: 'Confermi di aver letto il PDF con questa impronta e di accettarne le condizioni.',
  contractConfirmed: 'Contratto confermato.',
  contractSuperseded: 'Nel frattempo è stata creata una nuova versione del contratto: leggila prima di confermare.',
  contractVersions: 'Versioni',
  contractVersionSuperseded: (day: string) => `sostituita il ${day}`,
  contractVersionCurrent: 'in vigore',
  contractOwnerConfirmedAt: (when: string, by: string) => `Farmacia: confermato il ${when} da ${by}`,
  contractPharmacistConfirmedAt: (when: string) => `Farmacista: confermato il ${when}`,
  contractOwnerNotConfirmed: 'Farmacia: non ancora confermato',
  contractPharmacistNotConfirmed: 'Farmacista: non ancora confermato',

  // The employee's summary
  hiringTitle: 'Riepilogo per il consulente del lavoro',
  hiringIntro:
    'Il rapporto è di lavoro dipendente a tempo determinato: assunzione e comunicazione obbligatoria sono a carico della farmacia.',
  hiringNothingSent:
    'Farmaponte non invia la comunicazione obbligatoria: la invia il consulente del lavoro della farmacia, con i dati di questo riepilogo.',
  hiringDownload: 'Scarica il riepilogo (PDF)',
  hiringDataTitle: 'Dati per la comunicazione di assunzione',
  hiringShift: 'Turno',
  hiringEmployer: 'Datore di lavoro',
  hiringPharmacist: 'Farmacista',
  hiringBirth: 'Nascita',
  hiringPeriod: 'Periodo',
  hiringHours: 'Orario',
  hiringHoursValue: (start: string, end: string, perDay: number, total: number) =>
    `${start}–${end}, ${perDay} ore al giorno, ${total} ore in tutto`,
  hiringCcnl: 'CCNL',
  hiringPay: 'Paga oraria',

  // Refusals of the apply in words (the API's codes)
  refusals: {
    partita_iva_missing: 'Manca la partita IVA nel tuo fascicolo professionale.',
    insurance_missing: 'Manca l’assicurazione professionale nel tuo fascicolo.',
    insurance_expired: 'La tua assicurazione professionale scade prima della fine del turno.',
    legal_form_not_offered: 'Questa offerta non prevede la forma di lavoro che hai scelto.',
  } as Record<string, string>,
} as const;
