/**
 * After the shift (decision 074): the pharmacist reviews a shift that has ended, the owner does not see it until they
 * have written theirs, then both are published; the pharmacy's rating is on its search row and the pharmacist's on the
 * owner's application card. The shift is today from 00:00 to 00:01, so it has ended whenever the journey runs after
 * 00:01 in Italy (the server refuses past dates, and the journey needs no clock of its own): the setup goes through
 * the API. The owner also reports the review they read to the admins' desk, where the demo admin, on a phone, hides it
 * (decision 074): it leaves the owner's reviews.
 */
import { randomUUID } from 'node:crypto';
import { addDays, todayInItaly } from '@farmaponte/shared/dates';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn } from './support/accounts';
import { apiToken, applyThroughApi, createOfferThroughApi, uploadCvThroughApi } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { makePdf } from './support/files';
import { expect, test } from './support/test';

async function newPage(browser: Browser, viewport = { width: 390, height: 844 }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  return context.newPage();
}

/**
 * Today's minute after midnight and a shift a week away, both applied for and accepted; and a shift tomorrow, open, for
 * the search row.
 */
async function endedShift(request: APIRequestContext, ownerEmail: string, pharmacistEmail: string, title: string) {
  const [ownerToken, pharmacistToken] = [await apiToken(request, ownerEmail), await apiToken(request, pharmacistEmail)];
  await uploadCvThroughApi(request, pharmacistToken, await makePdf('Curriculum vitae'));
  const today = todayInItaly();
  const offer = { description: 'Banco e dispensazione.', salary: '', hourly_pay: 20 };
  const headers = { authorization: `Bearer ${ownerToken}` };
  const accepted = async (offerId: number) => {
    await applyThroughApi(request, pharmacistToken, offerId);
    const [application] = (await (await request.get(`/api/titolare/candidatures/?offer_id=${offerId}`, { headers })).json()) as {
      id: number;
    }[];
    const decision = await request.post(`/api/titolare/candidatures/${application?.id}/decision/`, {
      headers,
      data: { decision: 'accepted' },
    });
    expect(decision.status(), await decision.text()).toBe(200);
  };
  const inAWeek = addDays(today, 7);
  await accepted(
    await createOfferThroughApi(request, ownerToken, {
      ...offer,
      title,
      date_from: today,
      date_to: today,
      start_time: '00:00',
      end_time: '00:01',
    }),
  );
  await accepted(
    await createOfferThroughApi(request, ownerToken, {
      ...offer,
      title: `${title} (tra una settimana)`,
      date_from: inAWeek,
      date_to: inAWeek,
      start_time: '09:00',
      end_time: '13:00',
    }),
  );
  const tomorrow = addDays(today, 1);
  await createOfferThroughApi(request, ownerToken, {
    ...offer,
    title: `${title} (domani)`,
    date_from: tomorrow,
    date_to: tomorrow,
  });
}

test('farmacista e titolare si recensiscono dopo il turno: pubblicate insieme, il voto sulla ricerca e sulla candidatura', async ({
  browser,
  request,
  createAccount,
}) => {
  // Three people on three pages, two accessibility checks: over a minute on a busy 2-core machine.
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 6);
  const pharmacy = `Farmacia Alpina ${tag}`;
  const title = `Notte breve ${tag}`;
  const owner = await createAccount('titolare', { denominazione_farmacia: pharmacy, comune_farmacia: 'Livigno' });
  const pharmacist = await createAccount('farmacista', { name: 'Lucia' });
  await endedShift(request, owner.email, pharmacist.email, title);

  // The pharmacist, on a phone: from the worked shift to the form.
  const phone = await newPage(browser);
  await logIn(phone, pharmacist.email);
  await phone.goto('/miei_turni');
  await phone.getByRole('article', { name: title }).getByRole('link', { name: 'Lascia una recensione' }).click();
  const form = phone.getByRole('form', { name: `Lascia una recensione a ${pharmacy}` });
  await expect(form).toBeVisible();
  await expectNoViolations(phone, 'il modulo della recensione a 390 px');
  await form.getByRole('group', { name: 'Voto complessivo' }).locator('label', { hasText: '4 stelle' }).click();
  await form.getByRole('group', { name: 'Accoglienza' }).locator('label', { hasText: '5 stelle' }).click();
  await form.getByLabel('Commento (facoltativo)').fill('Squadra accogliente, compiti chiari.');
  await form.getByRole('button', { name: 'Invia la recensione' }).click();
  await expect(phone.getByText("In attesa della recensione dell'altra parte")).toBeVisible();

  // The owner's cards offer the review and the no-show where the server takes them: the ended shift, not the one a
  // week away.
  const desk = await newPage(browser, { width: 1280, height: 800 });
  await logIn(desk, owner.email);
  await desk.goto('/candidature');
  const endedCard = desk.getByRole('article').filter({ has: desk.getByRole('heading', { level: 3, name: title, exact: true }) });
  const nextWeekCard = desk
    .getByRole('article')
    .filter({ has: desk.getByRole('heading', { level: 3, name: `${title} (tra una settimana)`, exact: true }) });
  await expect(endedCard.getByRole('link', { name: 'Lascia una recensione' })).toBeVisible();
  await expect(endedCard.getByRole('button', { name: 'Non si è presentato' })).toBeVisible();
  await expect(nextWeekCard.getByRole('button', { name: 'Annulla accettazione' })).toBeVisible();
  await expect(nextWeekCard.getByRole('link', { name: 'Lascia una recensione' })).toHaveCount(0);
  await expect(nextWeekCard.getByRole('button', { name: 'Non si è presentato' })).toHaveCount(0);

  // The owner does not see the pharmacist's review: not among their reviews, only their own form.
  await desk.goto('/recensioni');
  await expect(desk.getByText('Non hai ancora ricevuto recensioni pubblicate.')).toBeVisible();
  await expect(desk.getByText('Squadra accogliente, compiti chiari.')).toHaveCount(0);
  const ownerForm = desk.getByRole('form', { name: /Lascia una recensione a Lucia/ });
  await ownerForm.getByRole('group', { name: 'Voto complessivo' }).locator('label', { hasText: '5 stelle' }).click();
  await ownerForm.getByRole('button', { name: 'Invia la recensione' }).click();

  // Both published: the owner reads the pharmacist's, the rating is on the search row and the application card.
  await expect(desk.getByText('Squadra accogliente, compiti chiari.')).toBeVisible();
  await expect(desk.getByText('4,0 ★ · 1 recensione')).toBeVisible();
  // A published review can be reported to the admins' desk.
  await desk.getByRole('button', { name: 'Segnala Lucia E.' }).click();
  const report = desk.getByRole('dialog');
  await report.getByLabel('Falsa o ingannevole').check();
  await report.getByRole('button', { name: 'Invia segnalazione' }).click();
  await expect(report.getByRole('status')).toBeVisible();
  await desk.keyboard.press('Escape');
  await desk.goto('/candidature');
  await expect(desk.getByRole('link', { name: 'Voto medio 5,0 su 5, 1 recensione' }).first()).toBeVisible();
  // Written: the review is no longer offered; the no-show still is, until 14 days after the shift.
  await expect(endedCard.getByRole('link', { name: 'Lascia una recensione' })).toHaveCount(0);
  await expect(endedCard.getByRole('button', { name: 'Non si è presentato' })).toBeVisible();
  await phone.goto('/cerca_offerte?comune=Livigno');
  await expect(phone.getByRole('button', { name: new RegExp(`${title} \\(domani\\)`) })).toContainText('4,0 ★ · 1 recensione');

  // The demo admin, on a phone, reads the reported review on the desk and hides it with a reason.
  const admin = await newPage(browser);
  await logIn(admin, DEMO_ACCOUNTS.admin);
  await admin.goto('/segnalazioni');
  const group = admin.getByRole('article').filter({ hasText: `Recensione segnalata, turno «${title}»` });
  await expect(group.getByRole('img', { name: '4 stelle' })).toBeVisible();
  await expectNoViolations(admin, 'la segnalazione di una recensione a 390 px');
  await group.getByRole('button', { name: 'Nascondi la recensione', exact: true }).click();
  const hide = admin.getByRole('dialog', { name: 'Nascondi la recensione' });
  await hide.getByRole('button', { name: 'Nascondi la recensione', exact: true }).click();
  await expect(hide.getByText('Scrivi il motivo per cui nascondi la recensione.')).toBeVisible();
  await hide.getByRole('textbox').fill('Non rispetta le regole delle recensioni.');
  await hide.getByRole('button', { name: 'Nascondi la recensione', exact: true }).click();
  await expect(admin.getByText('Recensione nascosta.')).toBeVisible();
  await expect(group).toBeHidden();
  // The review has left its subject's reviews.
  await desk.goto('/recensioni');
  await expect(desk.getByText('Non hai ancora ricevuto recensioni pubblicate.')).toBeVisible();
  await expect(desk.getByText('Squadra accogliente, compiti chiari.')).toHaveCount(0);
});
