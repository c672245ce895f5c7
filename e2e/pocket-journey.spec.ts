/**
 * Journey: the app in the pharmacist's pocket (decision 096). On a phone, the installed app shell (the manifest and
 * the service worker that controls the page), notifications turned on from the profile, an owner's invitation that
 * reaches the phone as a notification (the server's push, decrypted as the browser would and handed to the worker),
 * opened, accepted, and the shift found under the bottom bar's 'I miei turni'.
 */
import { daysFromNow, todayInItaly } from '@farmaponte/shared/dates';
import { browserKeys } from '../apps/api/test/push-service';
import { apiToken, applyThroughApi, createOfferThroughApi, uploadCvThroughApi } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { makePdf } from './support/files';
import { deliverNextPush, localPushEndpoint, shownNotifications, subscribeAt } from './support/push';
import { expect, test } from './support/test';

test.use({ viewport: { width: 390, height: 844 } });

test("sul telefono: l'app installata, un invito che arriva come notifica, aperto e accettato, il turno in 'I miei turni'", async ({
  page,
  context,
  request,
  signIn,
  createAccount,
}) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['notifications']);
  const keys = browserKeys();
  const endpoint = localPushEndpoint(`telefono-${Date.now()}`);
  await subscribeAt(page, endpoint, keys);
  const pharmacist = await signIn('farmacista');

  // The app shell is installed: the manifest is linked and the service worker controls the page.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // She turns notifications on from her profile (the menu's 'Profilo' on a phone).
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Profilo', exact: true }).first().click();
  await expect(page).toHaveURL('/profile');
  const section = page.getByRole('region', { name: 'Notifiche su questo dispositivo' });
  await section.getByRole('button', { name: 'Attiva le notifiche' }).click();
  await expect(section.getByText('Le notifiche sono attive su questo dispositivo.')).toBeVisible();

  // An owner she applied to before invites her to a shift of today.
  const owner = await createAccount('titolare');
  const ownerToken = await apiToken(request, owner.email, owner.password);
  const pharmacistToken = await apiToken(request, pharmacist.email, pharmacist.password);
  await uploadCvThroughApi(request, pharmacistToken, await makePdf('Curriculum vitae'));
  const earlier = await createOfferThroughApi(request, ownerToken, {
    title: `Sostituzione estiva ${owner.surname}`,
    description: 'Banco e dispensazione.',
    salary: '',
    hourly_pay: 20,
    date_from: daysFromNow(20),
    date_to: daysFromNow(20),
    start_time: '09:00',
    end_time: '13:00',
  });
  await applyThroughApi(request, pharmacistToken, earlier);
  const title = `Turno di oggi ${owner.surname}`;
  const today = todayInItaly();
  const offerId = await createOfferThroughApi(request, ownerToken, {
    title,
    description: 'Una mattina al banco.',
    salary: '',
    hourly_pay: 22,
    date_from: today,
    date_to: today,
    start_time: '09:00',
    end_time: '13:00',
  });
  const details = await request.get('/api/user/details/', { headers: { authorization: `Bearer ${pharmacistToken}` } });
  const { id: pharmacistId } = (await details.json()) as { id: number };
  const invited = await request.post(`/api/offers/${offerId}/invitations/`, {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { pharmacist_id: pharmacistId, message: 'Ci serve una mano stamattina.' },
  });
  expect(invited.status(), await invited.text()).toBe(201);

  // The server's push reaches the phone: the worker shows the invitation.
  const cdp = await context.newCDPSession(page);
  const push = await deliverNextPush(page, cdp, endpoint, keys);
  expect(push.type).toBe('invitation_received');
  await expect.poll(async () => (await shownNotifications(page)).map((shown) => shown.title)).toContain(push.title);
  const [shown] = (await shownNotifications(page)).filter((notification) => notification.title === push.title);
  expect(shown?.data).toEqual({ url: push.url });

  // She opens it: the page it names, where she accepts.
  await page.goto(push.url);
  const invitation = page.getByTestId('invitation-card').filter({ hasText: title });
  await invitation.getByRole('button', { name: 'Accetta' }).click();
  await page.getByRole('dialog', { name: 'Accettare il turno?' }).getByRole('button', { name: 'Accetta' }).click();
  await expect(invitation.getByText("Stato dell'invito: Accettato")).toBeVisible();

  // The bottom bar's 'I miei turni' has the shift of today.
  const bar = page.getByRole('navigation', { name: 'Sezioni principali' });
  await bar.getByRole('link', { name: 'I miei turni' }).click();
  await expect(page).toHaveURL(/\/miei_turni/);
  await expect(bar.getByRole('link', { name: 'I miei turni' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: new RegExp(title) })).toBeVisible();
  await expectNoViolations(page, "'I miei turni' sul telefono");
  await cdp.detach();
});
