/**
 * The texts of 'Notifiche su questo dispositivo' (decision 096) on the profile, apart from UI_TEXT: only that section
 * shows them, in its own lazily loaded chunk.
 */
import { NOTIFICATION_TYPE_LABELS } from './messages';
import type { TPushNotificationType } from './schemas/push';

export const PUSH_TEXT = {
  title: 'Notifiche su questo dispositivo',
  intro:
    'Ricevi subito su questo telefono o computer ciò che non può aspettare: inviti, decisioni sulle tue candidature, messaggi, promemoria dei turni e turni urgenti.',
  introOwner:
    'Ricevi subito su questo telefono o computer ciò che non può aspettare: candidature ai turni urgenti, messaggi e promemoria dei turni.',
  enable: 'Attiva le notifiche',
  disable: 'Disattiva',
  busy: 'Attendere…',
  active: 'Le notifiche sono attive su questo dispositivo.',
  unsupported: 'Questo browser non può ricevere notifiche. Usa una versione aggiornata di Chrome, Edge, Firefox o Safari.',
  denied:
    "Hai bloccato le notifiche per questo sito. Per riattivarle apri le impostazioni del sito nel browser (il lucchetto accanto all'indirizzo), consenti le notifiche e ricarica la pagina.",
  iosNotInstalled:
    "Su iPhone e iPad le notifiche arrivano solo dall'app installata: tocca Condividi e poi Aggiungi alla schermata Home",
  notGranted: 'Non hai dato il permesso alle notifiche: puoi riprovare quando vuoi.',
  failed: 'Non è stato possibile attivare le notifiche su questo dispositivo. Riprova tra poco.',
  typesLegend: 'Quali notifiche ricevere',
  save: 'Salva preferenze notifiche',
} as const;

/** The switches' labels: the e-mail's, except an owner's applications, which are pushed only for an urgent shift. */
export const PUSH_TYPE_LABELS: Record<TPushNotificationType, string> = {
  invitation_received: NOTIFICATION_TYPE_LABELS.invitation_received,
  application_accepted: NOTIFICATION_TYPE_LABELS.application_accepted,
  application_rejected: NOTIFICATION_TYPE_LABELS.application_rejected,
  application_cancelled: NOTIFICATION_TYPE_LABELS.application_cancelled,
  message_received: NOTIFICATION_TYPE_LABELS.message_received,
  shift_reminder: NOTIFICATION_TYPE_LABELS.shift_reminder,
  urgent_shift: NOTIFICATION_TYPE_LABELS.urgent_shift,
  application_received: 'Candidature ricevute per un turno urgente',
};
