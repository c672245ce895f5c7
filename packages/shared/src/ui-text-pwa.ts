/**
 * The installed app's texts (decision 096): its manifest, the offline page the service worker answers with, and the
 * notices the page shows about offline lists and a new version. Apart from UI_TEXT: the service worker bundles them.
 */
export const PWA_TEXT = {
  name: 'Farmaponte',
  shortName: 'Farmaponte',
  description: 'Offerte di lavoro e turni per farmacisti e titolari di farmacia.',
  offlineTitle: 'Sei offline',
  offlinePageTitle: 'Sei offline · Farmaponte',
  offlineBody:
    'Questa pagina non è disponibile senza connessione. Le pagine che hai già aperto (offerte, candidature, notifiche, turni) si vedono con i dati del loro ultimo aggiornamento.',
  offlineRetry: 'Riprova',
  offlineHome: 'Vai alla home',
  /** The notice over a list the service worker answered from its copy. */
  offlineData: (savedAt: string) => `Sei offline: dati dell'ultimo aggiornamento (${savedAt}).`,
  offlineDataClose: 'Chiudi avviso',
  updateReady: 'Nuova versione disponibile.',
  updateNow: 'Aggiorna',
} as const;
