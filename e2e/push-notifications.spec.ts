/**
 * Journey: push notifications (decision 096). The profile's 'Notifiche su questo dispositivo' section, and the built
 * app's service worker showing a push: the push is delivered to the worker through Chromium's DevTools protocol
 * (ServiceWorker.deliverPushMessage), as the push service would, and the page reads what the worker showed
 * (registration.getNotifications()).
 */

import type { TPushPayload } from '@farmaponte/shared';
import type { Page } from '@playwright/test';
import { browserKeys } from '../apps/api/test/push-service';
import { apiToken } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { shownNotifications, workerRegistration } from './support/push';
import { expect, test } from './support/test';

const PHONE = { width: 390, height: 844 };

async function openProfile(page: Page) {
  await page.getByRole('link', { name: 'Profilo', exact: true }).first().click();
  await expect(page).toHaveURL('/profile');
}

test.describe('notifiche push', () => {
  test('il service worker mostra la notifica di un push, e un secondo push sulla stessa cosa la sostituisce', async ({
    page,
    context,
    signIn,
  }) => {
    await context.grantPermissions(['notifications']);
    await signIn('farmacista');
    await openProfile(page);
    const cdp = await context.newCDPSession(page);
    const registrationId = await workerRegistration(page, cdp);
    const origin = new URL(page.url()).origin;

    const payload: TPushPayload = {
      type: 'invitation_received',
      title: 'Nuovo invito',
      body: 'La Farmacia Centrale ti ha invitato al turno di sabato.',
      url: '/inviti',
      tag: 'invitation_received:/inviti',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: '/inviti' } }]);

    // The same thing again, newer: it replaces the first on the screen instead of piling up.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify({ ...payload, body: 'Hai un nuovo invito per domenica.' }),
    });
    await expect
      .poll(async () => (await shownNotifications(page)).map((shown) => shown.body))
      .toEqual(['Hai un nuovo invito per domenica.']);
    await cdp.detach();
  });

  test("la sezione 'Notifiche su questo dispositivo': permesso chiesto solo al clic, attiva, tipi, disattiva, logout", async ({
    page,
    context,
    request,
    signIn,
  }) => {
    await context.grantPermissions(['notifications']);
    // Headless Chromium reaches no push service: the browser's PushManager answers with a subscription of FCM's shape,
    // with real keys, so the page's flow and the server's checks run as they do on a phone.
    const keys = browserKeys().json('').keys;
    await page.addInitScript((keys) => {
      let current: PushSubscription | null = null;
      const fake = (endpoint: string, applicationServerKey: ArrayBuffer) =>
        ({
          endpoint,
          options: { applicationServerKey, userVisibleOnly: true },
          toJSON: () => ({ endpoint, keys }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        }) as unknown as PushSubscription;
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const key = options?.applicationServerKey as Uint8Array;
        current = fake(`https://fcm.googleapis.com/fcm/send/e2e-${Date.now()}`, key.slice().buffer);
        return current;
      };
      PushManager.prototype.getSubscription = async () => current;
      // Counted, to show the permission is asked from the click only.
      const ask = Notification.requestPermission.bind(Notification);
      (window as unknown as { permissionAsked: number }).permissionAsked = 0;
      Notification.requestPermission = () => {
        (window as unknown as { permissionAsked: number }).permissionAsked++;
        return ask();
      };
    }, keys);
    const account = await signIn('farmacista');
    await openProfile(page);
    const section = page.getByRole('region', { name: 'Notifiche su questo dispositivo' });
    const enable = section.getByRole('button', { name: 'Attiva le notifiche' });
    await expect(enable).toBeVisible();
    await expectNoViolations(page, 'profilo, notifiche su questo dispositivo (1280)');
    const asked = () => page.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked);
    expect(await asked()).toBe(0);

    await enable.click();
    await expect(section.getByText('Le notifiche sono attive su questo dispositivo.')).toBeVisible();
    await expect(page.getByText('Notifiche attivate su questo dispositivo.')).toBeVisible();
    expect(await asked()).toBe(1);
    const messages = section.getByRole('checkbox', { name: 'Nuovi messaggi', exact: true });
    await expect(section.getByRole('group', { name: 'Quali notifiche ricevere' })).toBeVisible();
    await expect(section.getByRole('checkbox')).toHaveCount(7);
    await messages.uncheck();
    await section.getByRole('button', { name: 'Salva preferenze notifiche' }).click();
    await expect(page.getByText('Preferenze delle notifiche salvate.')).toBeVisible();
    await page.setViewportSize(PHONE);
    await expectNoViolations(page, 'profilo, notifiche attive (390)');

    // Off and on again: the choice was kept on the server.
    await section.getByRole('button', { name: 'Disattiva' }).click();
    await expect(page.getByText('Notifiche disattivate su questo dispositivo.')).toBeVisible();
    await expect(enable).toBeVisible();
    await enable.click();
    await expect(messages).not.toBeChecked();

    // Logging out removes this browser's subscription from the server: the next person here does not get her pushes.
    const devices = async () => {
      const token = await apiToken(request, account.email, account.password);
      const answer = await request.get('/api/push/preferences/', { headers: { authorization: `Bearer ${token}` } });
      return ((await answer.json()) as { devices: number }).devices;
    };
    expect(await devices()).toBe(1);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Logout', exact: true }).first().click();
    await expect(page).toHaveURL('/login');
    await expect.poll(devices).toBe(0);
  });

  test("chi ha bloccato le notifiche legge come riattivarle; su iPhone, che servono l'app installata", async ({
    page,
    signIn,
  }) => {
    // Set before the app's first page: the site blocked (Playwright can grant a permission, not deny one).
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    await signIn('farmacista');
    await openProfile(page);
    const section = page.getByRole('region', { name: 'Notifiche su questo dispositivo' });
    await expect(section.getByText(/Hai bloccato le notifiche per questo sito/)).toBeVisible();
    await expect(section.getByRole('button', { name: 'Attiva le notifiche' })).toHaveCount(0);

    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'userAgent', {
        get: () =>
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1',
      });
      Object.defineProperty(navigator, 'platform', { get: () => 'iPhone' });
      Object.defineProperty(navigator, 'standalone', { get: () => false });
    });
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(
      section.getByText(
        "Su iPhone e iPad le notifiche arrivano solo dall'app installata: tocca Condividi e poi Aggiungi alla schermata Home",
      ),
    ).toBeVisible();
    await expectNoViolations(page, 'profilo, notifiche su iPhone (390)');
  });
});
