/**
 * From hours to invoice (decision 095): the Italian messages of hours that close, expenses and invoices. Codes beside
 * each refusal are the API's `code`.
 */

import { HOURS_CLOSING } from './invoice-rules';
import { formatAmount } from './italian-figures';

export const INVOICE_MESSAGES = {
  /** Hours that close */
  hoursClosed: 'Le ore di questo turno sono già confermate: non si possono più confermare o contestare.', // 409 hours_closed
  hoursNotOver: "Le ore si confermano dopo l'ultimo giorno del turno.", // 409 shift_not_over
  shiftInvoiced: 'Questo turno è già in una fattura: per cambiarne ore o spese serve prima una nota di credito.', // 409 shift_invoiced
  /** Expenses: 400 validation_error on the field */
  expenseKind: 'Scegli il tipo di spesa: parcheggio o altra spesa.',
  expenseDescription: 'Descrivi la spesa in poche parole (massimo 200 caratteri).',
  expenseAmount: `Indica l'importo in euro, più di 0 e al massimo ${formatAmount(HOURS_CLOSING.expenseMaxAmount)} €, con al massimo due decimali.`,
  expenseDay: 'Indica il giorno della spesa, uno dei giorni del turno già passati.',
  receiptMissing: 'Allega la ricevuta della spesa (PDF, JPEG o PNG).', // 400 receipt_missing
  receiptType: 'La ricevuta deve essere un PDF, una foto JPEG o un PNG.', // 415 receipt_type
  receiptTooLarge: `La ricevuta può pesare al massimo ${HOURS_CLOSING.receiptMaxBytes / 1024 / 1024} MB.`, // 413 receipt_too_large
  tooManyExpenses: `Si possono indicare al massimo ${HOURS_CLOSING.expensesPerEngagement} spese per turno.`, // 409 too_many_expenses
  expenseWindowClosed: 'Il termine per indicare spese su questo turno è passato.', // 409 expenses_window_closed
  expenseAnswered: 'Questa spesa ha già una risposta della farmacia e non si può più togliere.', // 409 expense_answered
  expenseClaimed: 'Spesa indicata: la farmacia la confermerà insieme alle ore.',
  expenseRemoved: 'Spesa tolta.',
  expenseConfirmed: 'Spesa confermata.',
  expenseDisputed: 'Spesa contestata: il farmacista vedrà la tua nota.',
  disputeNeedsNote: 'Scrivi perché contesti la spesa.',
  expenseReviewStatus: 'Scegli se confermare o contestare la spesa.',
  expenseAlreadyAnswered: 'Questa spesa ha già una risposta della farmacia.', // 409 expense_answered (the pharmacy's answer)
  expenseNotFound: 'Spesa non trovata.', // 404
  employeeExpense:
    'Le spese con ricevuta si indicano solo sui turni in libera professione: per un rapporto di lavoro dipendente ne parli con la farmacia.', // 409 employee_engagement
  /** Issuing */
  nothingToInvoice: 'Scegli almeno un turno da fatturare.', // 400 validation_error
  notInvoiceable: 'Questo turno non si può ancora fatturare: le ore e le spese devono essere confermate.', // 409 hours_not_confirmed
  notYours: 'Turno non trovato.', // 404
  employeeEngagement:
    'Per un rapporto di lavoro dipendente non si emette fattura: le ore vanno al consulente del lavoro con il CSV mensile.', // 409 employee_engagement
  alreadyInvoiced: 'Questo turno è già in una fattura.', // 409 already_invoiced
  oneOrganisation: "Una fattura è per un solo cliente: scegli turni dell'organizzazione di una stessa farmacia.", // 400 mixed_organisations
  fileIncomplete:
    'Per emettere la fattura completa il fascicolo: partita IVA, regime fiscale, codice fiscale e domicilio fiscale (indirizzo, CAP, comune).', // 409 professional_file_incomplete
  clientIncomplete:
    "La farmacia non ha ancora completato i dati per la fattura (ragione sociale, partita IVA, sede legale con CAP e comune): chiedile di completarli nella pagina dell'organizzazione.", // 409 client_data_incomplete
  invalidXml: 'La fattura non ha superato il controllo dello schema FatturaPA e non è stata emessa. Riprova più tardi.', // 422 invoice_invalid (never expected: the server's own XML)
  issued: (label: string) => `Fattura n. ${label} emessa. Scarica il file XML e invialo allo SdI dal tuo canale.`,
  /** After issuing */
  alreadySent: 'Hai già segnato questa fattura come inviata allo SdI.', // 409 already_sent
  markedSent: 'Fattura segnata come inviata allo SdI.',
  alreadyPaid: 'Questa fattura è già segnata come pagata.', // 409 already_paid
  markedPaid: 'Fattura segnata come pagata.',
  creditNoteNotPaid: 'Una nota di credito non si segna come pagata: annulla una fattura, non chiede un pagamento.', // 409 not_an_invoice
  invoiceCredited: 'Questa fattura è stornata da una nota di credito: non si segna come pagata.', // 409 invoice_credited
  paidDay: 'Indica il giorno del pagamento: non prima della fattura e non dopo oggi.',
  creditNoteReason: 'Scrivi il motivo della nota di credito (massimo 300 caratteri).',
  alreadyCredited: 'Questa fattura è già stornata da una nota di credito.', // 409 already_credited
  creditOfCredit: 'Una nota di credito non si storna con un’altra nota.', // 409 not_an_invoice
  paidCannotCredit: 'Questa fattura è già pagata: prima di stornarla chiedi alla farmacia di annullare il pagamento.', // 409 invoice_paid
  credited: (label: string) => `Nota di credito n. ${label} emessa: i turni si possono fatturare di nuovo.`,
  invoiceNotFound: 'Fattura non trovata.', // 404
} as const;
