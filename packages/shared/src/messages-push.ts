/**
 * The answers of the push routes (decision 096): a browser's subscription saved, removed or refused. Apart from
 * MESSAGES, so the first screen's script (which carries MESSAGES whole) does not carry them.
 */
export const PUSH_MESSAGES = {
  endpointInvalid: "L'indirizzo di notifica del browser non è valido.",
  endpointNotAllowed:
    "L'indirizzo di notifica non è di un servizio di notifiche riconosciuto (Google, Mozilla, Apple o Microsoft): usa un browser aggiornato.",
  keysInvalid: 'Le chiavi di cifratura della notifica non sono valide: riattiva le notifiche dal browser.',
  endpointTaken: 'Questo dispositivo riceve già le notifiche di un altro account: esci da quello e riattivale qui.',
  subscribed: 'Notifiche attivate su questo dispositivo.',
  unsubscribed: 'Notifiche disattivate su questo dispositivo.',
  preferencesSaved: 'Preferenze delle notifiche salvate.',
} as const;
