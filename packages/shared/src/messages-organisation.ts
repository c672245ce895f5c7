/**
 * The answers of organisations, their pharmacies and their people (decision 089): checks, refusals and toasts. Apart
 * from MESSAGES, so the first screen's script does not carry them.
 */
import { LIMITS } from './limits';

export const ORGANISATION_MESSAGES = {
  pharmacyNotFound: 'Farmacia non trovata tra quelle della tua organizzazione.',
  readOnly: 'Il tuo ruolo è di sola consultazione: chiedi al titolare di cambiarlo se devi agire per la farmacia.',
  titolareOnly: 'Solo un titolare della tua organizzazione può farlo.',
  pharmacyHeaderInvalid: "L'intestazione X-Farmacia deve essere il numero di una farmacia.",
  pharmacyRequired: 'Scegli la farmacia per cui agire: questa operazione non vale per tutto il gruppo.',
  saved: 'Dati dell’organizzazione salvati.',
  nameRequired: "Indica la ragione sociale dell'organizzazione.",
  vatInvalid: 'La partita IVA deve avere 11 cifre.',
  codiceFiscaleInvalid: 'Il codice fiscale deve avere 11 cifre (società) o 16 caratteri (persona).',
  pecInvalid: 'Indica un indirizzo PEC valido, per esempio nome@pec.it.',
  sdiInvalid: 'Il codice destinatario SDI ha 7 caratteri, lettere maiuscole e cifre.',
  pharmacyAdded: 'Farmacia aggiunta: la vedrai pubblicare dopo la verifica dello staff di Farmaponte.',
  tooManyPharmacies: `Un'organizzazione può avere al massimo ${LIMITS.organisationMaxPharmacies} farmacie: scrivi allo staff per averne di più.`,
  pharmacyAlreadyYours: 'Questa farmacia è già della tua organizzazione.',
  memberRoleInvalid: 'Scegli il ruolo: titolare, responsabile o consultazione.',
  memberPharmaciesRequired: 'Scegli almeno una farmacia per un responsabile o per la consultazione.',
  memberPharmacyUnknown: 'Una delle farmacie scelte non è della tua organizzazione.',
  emailInvalid: 'Indica un indirizzo e-mail valido.',
  invitationSent: (email: string) => `Invito inviato a ${email}.`,
  alreadyMember: 'Questa persona fa già parte della tua organizzazione.',
  invitationPending: 'Hai già invitato questo indirizzo: l’invito è ancora valido.',
  tooManyInvitations: `Puoi inviare al massimo ${LIMITS.staffInvitationsPerDay} inviti al giorno: riprova domani.`,
  invitationLoginRequired: 'Hai già un account con questo indirizzo: accedi e apri di nuovo il link per accettare.',
  invitationInvalid: 'Il link di invito non è valido. Chiedi al titolare di inviartene uno nuovo.',
  invitationUsed: 'Questo invito è già stato usato. Accedi con il tuo account.',
  invitationExpired: 'Il link di invito è scaduto. Chiedi al titolare di inviartene uno nuovo.',
  invitationWrongAccount: (email: string) => `Questo invito è per ${email}: accedi con quell'indirizzo o chiedi un nuovo invito.`,
  invitationPharmacistAccount:
    'Un account da farmacista non può entrare nello staff di una farmacia: registrati con un altro indirizzo.',
  invitationAccepted: (organisation: string) => `Benvenuto nello staff di ${organisation}.`,
  invitationRevoked: 'Invito annullato.',
  memberNotFound: 'Persona non trovata nella tua organizzazione.',
  memberRemoved: 'Persona rimossa: le sue sessioni sono state chiuse.',
  memberUpdated: 'Ruolo aggiornato.',
  lastTitolare: "L'organizzazione deve avere almeno un titolare.",
  notYourself: 'Non puoi rimuovere te stesso o cambiare il tuo ruolo.',
  settingsSaved: 'Impostazioni della farmacia salvate.',
  noteTooLong: `La nota per il farmacista può avere al massimo ${LIMITS.pharmacyNoteMaxLength} caratteri.`,
  notifyUnknown: 'Una delle persone da avvisare non fa parte dello staff di questa farmacia.',
} as const;
