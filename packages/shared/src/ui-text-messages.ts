/**
 * The texts of an application's thread (decision 072): the API's answers about messages and the 'Messaggi' dialog on
 * both sides' application pages. Apart from MESSAGES and UI_TEXT, which every page's first script carries: only the
 * thread's code and the server import this.
 */
import { LIMITS } from './limits';

/** What the API answers about messages (errors and confirmations), in Italian like every answer. */
export const THREAD_MESSAGES = {
  messageRequired: 'Scrivi il messaggio prima di inviarlo.',
  messageTooLong: `Il messaggio non può superare i ${LIMITS.messageMaxLength} caratteri.`,
  threadClosed:
    'Questa conversazione è chiusa: puoi rileggere i messaggi, ma non scriverne di nuovi. Per un nuovo incarico candidati a una nuova offerta.',
  messagesPerHourLimit: `Puoi scrivere al massimo ${LIMITS.messagesPerHour} messaggi all'ora. Riprova più tardi.`,
} as const;

/** The 'Messaggi' button and its dialog. */
export const THREAD_TEXT = {
  button: 'Messaggi',
  /** The button's accessible name, with the unread count the badge shows. */
  buttonLabel: (unread: number, other: string) =>
    unread === 0
      ? `Messaggi con ${other}`
      : unread === 1
        ? `Messaggi con ${other}, 1 non letto`
        : `Messaggi con ${other}, ${unread} non letti`,
  title: (other: string) => `Messaggi con ${other}`,
  about: (offer: string) => `Candidatura per «${offer}».`,
  empty: 'Ancora nessun messaggio: scrivi tu il primo.',
  you: 'Tu',
  listLabel: 'Messaggi della conversazione',
  older: 'Mostra i messaggi precedenti',
  olderLoading: 'Caricamento dei messaggi precedenti…',
  read: 'Letto',
  textareaLabel: 'Il tuo messaggio',
  /** Under the textarea: the characters left, counted as the server counts them (after trimming). */
  charactersLeft: (left: number) => (left === 1 ? 'Ancora 1 carattere' : `Ancora ${left} caratteri`),
  send: 'Invia',
  sending: 'Invio…',
  /** Said to screen readers when a message of the other side arrives while the dialog is open. */
  arrived: (other: string) => `Nuovo messaggio da ${other}.`,
  closesOn: (date: string, time: string) => `Si può scrivere fino al ${date} alle ${time}.`,
  closed: 'Conversazione chiusa: puoi rileggere i messaggi, ma non scriverne di nuovi.',
  mailNote: `Chi riceve un tuo messaggio ne è avvisato anche per e-mail, al massimo una volta ogni ${LIMITS.messageMailEveryMinutes} minuti.`,
  /** The notifications page's line about unread messages. */
  unreadLine: (count: number) =>
    count === 1
      ? 'Hai 1 messaggio non letto nelle conversazioni delle candidature.'
      : `Hai ${count} messaggi non letti nelle conversazioni delle candidature.`,
  openApplications: 'Vai alle candidature',
} as const;
