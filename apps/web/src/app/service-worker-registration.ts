/**
 * The service worker's side in the page (decision 096), loaded in a chunk of its own after the page's load event:
 * registers /sw.js, looks for a new build when the page comes back to view, when the line comes back and every half
 * hour, and shows two notices (plain DOM, no React: this chunk stays small):
 * - 'Nuova versione disponibile' with 'Aggiorna' when a new build's worker has taken over an open page (its old files
 *   are gone from the worker's caches; the page reloads onto the new build when the user says so);
 * - 'Sei offline: dati dell'ultimo aggiornamento (...)' when the worker answered a list with its copy; it goes when
 *   the line comes back.
 */
import { PWA_TEXT } from '@farmaponte/shared/ui-text-pwa';
import { OFFLINE_ANSWER_MESSAGE } from '../sw/kept-lists';

const UPDATE_CHECK_MS = 30 * 60_000;
const NOTICE_CLASSES =
  'fixed inset-x-3 top-3 z-[1100] mx-auto flex max-w-xl items-center gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg';

function notice(id: string, classes: string, text: string, action: { label: string; run: () => void }): void {
  let box = document.getElementById(id);
  if (!box) {
    box = document.createElement('div');
    box.id = id;
    box.setAttribute('role', 'status');
    box.className = `${NOTICE_CLASSES} ${classes}`;
    const message = document.createElement('p');
    message.className = 'flex-1';
    const button = document.createElement('button');
    button.type = 'button';
    button.className =
      'rounded-md border border-current px-3 py-1 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2';
    button.textContent = action.label;
    button.addEventListener('click', action.run);
    box.append(message, button);
    document.body.append(box);
  }
  const message = box.querySelector('p');
  if (message) message.textContent = text;
}

const removeNotice = (id: string) => document.getElementById(id)?.remove();

function savedAtText(savedAt: unknown): string {
  const date = typeof savedAt === 'string' ? new Date(savedAt) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Rome' });
}

async function start(): Promise<void> {
  const container = navigator.serviceWorker;
  // A page the worker did not control yet (the first visit) is taken over quietly; a later takeover is a new build.
  let controlled = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    if (controlled)
      notice('fp-update-notice', 'border-emerald-700 bg-emerald-50 text-emerald-900', PWA_TEXT.updateReady, {
        label: PWA_TEXT.updateNow,
        run: () => window.location.reload(),
      });
    controlled = true;
  });
  container.addEventListener('message', (event: MessageEvent<{ type?: unknown; savedAt?: unknown }>) => {
    if (event.data?.type !== OFFLINE_ANSWER_MESSAGE) return;
    notice(
      'fp-offline-notice',
      'border-amber-700 bg-amber-50 text-amber-950',
      PWA_TEXT.offlineData(savedAtText(event.data.savedAt)),
      {
        label: PWA_TEXT.offlineDataClose,
        run: () => removeNotice('fp-offline-notice'),
      },
    );
  });
  window.addEventListener('online', () => removeNotice('fp-offline-notice'));

  const registration = await container.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  const lookForUpdate = () => {
    if (document.visibilityState === 'visible' && navigator.onLine)
      registration.update().catch(() => {
        // the server did not answer: the next look will tell
      });
  };
  document.addEventListener('visibilitychange', lookForUpdate);
  window.addEventListener('online', lookForUpdate);
  setInterval(lookForUpdate, UPDATE_CHECK_MS);
}

start().catch(() => {
  // No worker (refused by the browser, a private window): the app works as a plain site.
});
