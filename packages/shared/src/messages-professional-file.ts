/**
 * The professional file's messages (decision 093): its fields' refusals (the API's `code` beside each), what is still
 * missing for freelance work, the insurance policy's PDF and the places of birth.
 */
export const PROFESSIONAL_FILE_MESSAGES = {
  /** 400 codice_fiscale_invalid */
  codiceFiscaleFormat:
    'Il codice fiscale deve avere 16 caratteri: 6 lettere, 2 cifre, una lettera, 2 cifre, una lettera, 3 cifre e una lettera (es. RSSMRA80A01H501U).',
  codiceFiscaleCheck:
    "Il codice fiscale non è corretto: l'ultimo carattere (di controllo) non corrisponde agli altri. Ricontrollalo.",
  codiceFiscaleDate: 'Il codice fiscale non è corretto: la data di nascita che contiene non esiste.',
  /** 400 codice_fiscale_mismatch: which part of the code does not agree with what else she told us. */
  codiceFiscaleMismatch: {
    surname: 'Il codice fiscale non corrisponde al cognome del tuo profilo: controlla il codice o il cognome.',
    name: 'Il codice fiscale non corrisponde al nome del tuo profilo: controlla il codice o il nome.',
    birth_date: 'Il codice fiscale non corrisponde alla data di nascita indicata: controlla il codice o la data.',
    birth_place: 'Il codice fiscale non corrisponde al luogo di nascita indicato: controlla il codice o il comune.',
  },
  birthDateInvalid: 'Indica la data di nascita come giorno esistente (AAAA-MM-GG), nel passato.',
  birthPlaceInvalid:
    'Scegli il luogo di nascita dall’elenco dei comuni (codice catastale, es. H501 per Roma) o, se sei nato/a all’estero, il codice Z del Paese (es. Z110).',
  /** 400 partita_iva_invalid uses vatNumberProblem's messages. */
  taxRegimeInvalid: 'Scegli il regime fiscale: forfettario o ordinario.',
  insuranceCoverInvalid: 'Il massimale della polizza deve essere un importo in euro maggiore di zero e non oltre 100.000.000.',
  insuranceExpiresInvalid: 'Indica la scadenza della polizza come giorno esistente (AAAA-MM-GG).',
  insuranceTextTooLong: 'Il testo è troppo lungo (al massimo 200 caratteri).',
  ecmPeriodInvalid: (example: string) =>
    `Indica il primo anno di un triennio ECM (i trienni vanno dal 2020 a tre anni per volta, es. ${example}).`,
  ecmCreditsInvalid: 'I crediti ECM devono essere un numero intero da 0 a 500.',
  /** What is missing for freelance work, one sentence each (`missing_for_freelance`). */
  missing: {
    partitaIva: 'Indica la tua partita IVA.',
    insurance: 'Indica la compagnia e la scadenza della tua assicurazione di responsabilità civile professionale.',
    insuranceExpired: (day: string) => `La tua assicurazione professionale è scaduta il ${day}: indica la polizza rinnovata.`,
  },
  /** The domicilio fiscale and the IBAN (decision 095): 400 validation_error, iban_invalid. */
  fiscalStreetInvalid: 'Indica via e numero civico del domicilio fiscale (al massimo 200 caratteri).',
  fiscalCapInvalid: 'Il CAP deve avere 5 cifre (es. 20121).',
  fiscalComuneInvalid: "Scegli il comune del domicilio fiscale dall'elenco.",
  fiscalCapMismatch: (comune: string) => `Il CAP non è uno di quelli di ${comune}: controlla il CAP o il comune.`,
  ibanInvalid:
    "L'IBAN non è corretto: controlla lettere e cifre (es. IT60 X054 2811 1010 0000 0123 456). Lascia vuoto il campo se non vuoi indicarlo.",
  saved: 'Fascicolo professionale salvato.',
  /** 400 insurance_document_invalid */
  documentInvalid: 'Il file della polizza deve essere un PDF (Content-Type application/pdf, che inizia con %PDF-).',
  documentTooLarge: 'Il PDF della polizza non può superare 5 MB.',
  documentSaved: 'PDF della polizza salvato.',
  documentDeleted: 'PDF della polizza eliminato.',
  /** 404 insurance_document_not_found */
  documentNotFound: 'Non hai caricato il PDF della polizza.',
  /** A place of birth abroad: the states are not named, only their code. */
  abroad: (code: string) => `Stato estero (${code})`,
  /** A comune's code that is not (or no more) in the list of comuni, e.g. a comune merged into another. */
  unknownComune: (code: string) => `Comune non più esistente o non in elenco (${code})`,
} as const;
