/**
 * 'Notifiche su questo dispositivo' (decision 096), under the e-mail preferences: this browser's push subscription and
 * which types it receives. Permission is asked only from the button's click (browsers ignore or punish an unasked
 * prompt); an iPhone or iPad is told to install the app first, a blocked site how to unblock it. Loaded lazily: the
 * profile's chunk names it, the first page never carries it.
 */
import { PUSH_TYPES_BY_ROLE, type TPushNotificationType, type TPushPreferences } from '@farmaponte/shared';
import { PUSH_MESSAGES } from '@farmaponte/shared/messages-push';
import { PUSH_TEXT, PUSH_TYPE_LABELS } from '@farmaponte/shared/ui-text-push';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/field';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, notify } from '../../../lib/notify';
import {
  getPushKey,
  removePushSubscription,
  savePushSubscription,
  usePushPreferences,
  useUpdatePushPreferences,
} from '../api/push';
import { notificationsKeys } from '../api/query-keys';
import { base64UrlToBytes, currentPushEnvironment, pushStateOf, type TPushState } from '../lib/push-support';

/** How long the page waits for the service worker to be ready before it says push cannot start. */
const READY_TIMEOUT_MS = 10_000;

async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing?.active) return existing;
  const ready = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS)),
  ]);
  if (!ready) throw new Error('no service worker');
  return ready;
}

/** The subscription as the API takes it. */
function subscriptionBody(subscription: PushSubscription) {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

export default function PushSection() {
  const details = useUserDetails();
  const types = details.data ? PUSH_TYPES_BY_ROLE[details.data.role] : [];
  const queryClient = useQueryClient();
  const [state, setState] = useState<TPushState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  // What this browser already has: a subscription made earlier is 'on', and told to the server again (new keys, or a
  // server that lost it).
  useEffect(() => {
    let live = true;
    const base = pushStateOf(currentPushEnvironment());
    if (base !== 'off') {
      setState(base);
      return;
    }
    void navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => {
        if (!live) return;
        if (subscription && Notification.permission === 'granted') {
          setState('on');
          void savePushSubscription(subscriptionBody(subscription)).catch(() => {});
        } else setState('off');
      })
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  async function enable() {
    setBusy(true);
    setNote(null);
    try {
      // Asked here, from the click, never on the page's load.
      const permission = await Notification.requestPermission();
      if (permission === 'denied') return setState('denied');
      if (permission !== 'granted') return setNote(PUSH_TEXT.notGranted);
      const registration = await serviceWorkerRegistration();
      const key = base64UrlToBytes(await getPushKey());
      let subscription = await registration.pushManager.getSubscription();
      // A subscription made with another server key (the keys were replaced) cannot be reused.
      const sameKey =
        subscription?.options.applicationServerKey &&
        new Uint8Array(subscription.options.applicationServerKey).every((byte, i) => byte === key[i]);
      if (subscription && !sameKey) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      try {
        await savePushSubscription(subscriptionBody(subscription));
      } catch (error) {
        // Another account of this browser still holds its address (a logout that could not tell the server): a new
        // address is made for this person, and the old one dies at the push service, which the server then removes.
        if (!(error instanceof ApiError && error.status === 409)) throw error;
        await subscription.unsubscribe();
        subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
        await savePushSubscription(subscriptionBody(subscription));
      }
      setState('on');
      notify.success(PUSH_MESSAGES.subscribed);
      void queryClient.invalidateQueries({ queryKey: notificationsKeys.pushPreferences });
    } catch (error) {
      setNote(errorMessage(error, PUSH_TEXT.failed));
    } finally {
      setBusy(false);
    }
  }

  async function disable() {
    setBusy(true);
    setNote(null);
    try {
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        // The server's copy first (a 404 means it is already gone), then the browser's.
        await removePushSubscription(subscription.endpoint).catch(() => {});
        await subscription.unsubscribe();
      }
      setState('off');
      notify.success(PUSH_MESSAGES.unsubscribed);
      void queryClient.invalidateQueries({ queryKey: notificationsKeys.pushPreferences });
    } catch (error) {
      setNote(errorMessage(error, PUSH_TEXT.failed));
    } finally {
      setBusy(false);
    }
  }

  if (details.data && types.length === 0) return null;
  return (
    <section
      aria-labelledby="push-preferences-title"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id="push-preferences-title" className="text-lg font-semibold text-slate-900">
        {PUSH_TEXT.title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{details.data?.role === 'titolare' ? PUSH_TEXT.introOwner : PUSH_TEXT.intro}</p>
      <div className="mt-4" aria-live="polite">
        {state === 'checking' ? (
          <Spinner />
        ) : state === 'unsupported' ? (
          <p className="text-sm text-slate-800">{PUSH_TEXT.unsupported}</p>
        ) : state === 'ios-not-installed' ? (
          <p className="text-sm text-slate-800">{PUSH_TEXT.iosNotInstalled}</p>
        ) : state === 'denied' ? (
          <p className="text-sm text-slate-800">{PUSH_TEXT.denied}</p>
        ) : state === 'on' ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm font-medium text-emerald-800">{PUSH_TEXT.active}</p>
            <Button variant="secondary" loading={busy} onClick={disable} className="w-full sm:w-auto">
              {PUSH_TEXT.disable}
            </Button>
          </div>
        ) : (
          <Button loading={busy} onClick={enable} className="w-full sm:w-auto">
            {PUSH_TEXT.enable}
          </Button>
        )}
        {note ? <p className="mt-3 text-sm text-red-800">{note}</p> : null}
      </div>
      {state === 'on' && details.data ? <PushTypes types={types} /> : null}
    </section>
  );
}

function PushTypes({ types }: { types: readonly TPushNotificationType[] }) {
  const preferences = usePushPreferences();
  if (preferences.isError) return <QueryLoadError query={preferences} className="mt-4" />;
  if (!preferences.data)
    return (
      <div className="mt-4 flex justify-center">
        <Spinner />
      </div>
    );
  return <PushTypesForm key={JSON.stringify(preferences.data.push)} saved={preferences.data} types={types} />;
}

function PushTypesForm({ saved, types }: { saved: TPushPreferences; types: readonly TPushNotificationType[] }) {
  const update = useUpdatePushPreferences();
  const [push, setPush] = useState(saved.push);
  const changed = types.some((type) => push[type] !== saved.push[type]);
  return (
    <form
      className="mt-6 flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { push: Object.fromEntries(types.map((type) => [type, push[type]])) },
          {
            onSuccess: () => notify.success(PUSH_MESSAGES.preferencesSaved),
            onError: (error) => notify.error(errorMessage(error, PUSH_TEXT.failed)),
          },
        );
      }}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{PUSH_TEXT.typesLegend}</legend>
        {types.map((type) => (
          <CheckboxField
            key={type}
            label={PUSH_TYPE_LABELS[type]}
            checked={push[type]}
            onChange={(event) => setPush((current) => ({ ...current, [type]: event.target.checked }))}
          />
        ))}
      </fieldset>
      <div>
        <Button type="submit" variant="secondary" loading={update.isPending} disabled={!changed} className="w-full sm:w-auto">
          {PUSH_TEXT.save}
        </Button>
      </div>
    </form>
  );
}
