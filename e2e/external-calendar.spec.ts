/**
 * Journey: a calendar that blocks busy days (decision 096). A pharmacist links her calendar's private iCal address (served
 * by a local server standing for Google's, which the e2e server may reach through OUTBOUND_FETCH_ALLOW); /disponibilita
 * says when it was read and marks her busy day 'Occupato nel tuo calendario'; before applying to a shift whose hours
 * meet that appointment she is warned, and may still apply. A web page given as the address is refused in Italian.
 * Checked with axe at 1280 and 390 px.
 */
import { randomUUID } from 'node:crypto';
import { EXTERNAL_CALENDAR_MESSAGES } from '@farmaponte/shared/availability';
import { addDays, daysFromNow } from '@farmaponte/shared/dates';
import { AVAILABILITY_TEXT } from '@farmaponte/shared/ui-text-availability';
import { EXTERNAL_CALENDAR_TEXT as T } from '@farmaponte/shared/ui-text-external-calendar';
import type { Page } from '@playwright/test';
import { serveText, startCalendarServer, type TCalendarServer } from '../apps/api/test/calendar-server';
import { apiToken, createOfferThroughApi, uploadCvThroughApi } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { toasts } from './support/feedback';
import { makePdf } from './support/files';
import { expect, test } from './support/test';

let server: TCalendarServer;
test.beforeAll(async () => {
  server = await startCalendarServer();
});
test.afterAll(async () => {
  await server.close();
});

/** 'lunedì 7 dicembre': how the calendar names a day. */
function dayWords(iso: string): string {
  const date = new Date(`${iso}T12:00:00Z`);
  const weekday = AVAILABILITY_TEXT.weekdayNames[(date.getUTCDay() + 6) % 7];
  return `${weekday} ${date.getUTCDate()} ${AVAILABILITY_TEXT.monthNames[date.getUTCMonth()]}`;
}

const dayButton = (page: Page, iso: string) => page.getByRole('button', { name: new RegExp(`^${dayWords(iso)}: `) });

async function showMonthOf(page: Page, iso: string): Promise<void> {
  for (let step = 0; step < 7 && !(await dayButton(page, iso).count()); step++)
    await page.getByRole('button', { name: AVAILABILITY_TEXT.nextMonth }).click();
  await expect(dayButton(page, iso)).toBeVisible();
}

test('una farmacista collega il suo calendario, vede il giorno occupato e viene avvisata prima di candidarsi', async ({
  page,
  request,
  signIn,
  createAccount,
}) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 6);
  const busyDay = daysFromNow(5);
  const compact = (day: string, time: string) => `${day.replaceAll('-', '')}T${time.replace(':', '')}00`;
  const path = `/calendar/ical/${tag}/private-abc/basic.ics`;
  server.route(
    path,
    serveText(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Test//IT',
        'BEGIN:VEVENT',
        `UID:${tag}@test`,
        'DTSTAMP:20260101T000000Z',
        'SUMMARY:Visita medica',
        `DTSTART:${compact(busyDay, '09:00')}`,
        `DTEND:${compact(busyDay, '11:00')}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    ),
  );
  server.route('/pagina.html', serveText('<html><body>Accedi a Google</body></html>', 'text/html'));

  // An owner's morning shift on that day, published through the API.
  const owner = await createAccount('titolare');
  const title = `Turno del mattino ${tag}`;
  await createOfferThroughApi(request, await apiToken(request, owner.email), {
    title,
    description: 'Banco e dispensazione.',
    salary: '',
    hourly_pay: 22,
    date_from: busyDay,
    date_to: busyDay,
    start_time: '08:30',
    end_time: '13:00',
  });

  await page.setViewportSize({ width: 1280, height: 800 });
  const pharmacist = await signIn('farmacista');
  await uploadCvThroughApi(request, await apiToken(request, pharmacist.email), await makePdf('Curriculum'));
  await page.goto('/disponibilita');
  const section = page.getByRole('region', { name: T.sectionTitle });
  await expect(section.getByText(T.none)).toBeVisible();

  // A web page instead of the calendar: refused on the field, in Italian.
  const address = section.getByRole('textbox', { name: T.urlLabel });
  await expect(address).toHaveAttribute('type', 'url');
  await address.fill(`${server.origin}/pagina.html`);
  await section.getByRole('button', { name: T.save }).click();
  await expect(section.getByText(EXTERNAL_CALENDAR_MESSAGES.errors.not_calendar)).toBeVisible();
  await expect(address).toBeFocused();

  // Her calendar's address: read at once; the host and the time it was read, never the address.
  await address.fill(`${server.origin}${path}`);
  await section.getByRole('button', { name: T.save }).click();
  await expect(toasts(page, EXTERNAL_CALENDAR_MESSAGES.saved)).toBeVisible();
  await expect(section.getByText(T.connectedTo('127.0.0.1'))).toBeVisible();
  await expect(section.getByText(/^Aggiornato alle \d\d:\d\d$/)).toBeVisible();
  await expect(section.getByText(T.busyCount(1), { exact: false })).toBeVisible();
  await expect(page.getByText('private-abc')).toHaveCount(0);

  // The busy day in her month calendar, named so and marked.
  await showMonthOf(page, busyDay);
  await expect(dayButton(page, busyDay)).toHaveAccessibleName(new RegExp(`, ${T.busyDay('09:00', '11:00', false)}$`));
  await expect(dayButton(page, busyDay)).toHaveAttribute('data-busy', 'true');
  await expect(dayButton(page, addDays(busyDay, 1))).not.toHaveAttribute('data-busy', 'true');
  await expect(page.getByText(T.busyLegend, { exact: true })).toBeVisible();
  await expectNoViolations(page, 'disponibilità con calendario esterno, 1280 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoViolations(page, 'disponibilità con calendario esterno, 390 px');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // 'Aggiorna ora' reads it again.
  await section.getByRole('button', { name: T.refresh }).click();
  await expect(toasts(page, EXTERNAL_CALENDAR_MESSAGES.refreshed)).toBeVisible();

  // The shift that morning: a warning before applying; 'Annulla' sends nothing, 'Candidati comunque' sends it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/cerca_offerte?comune=Roma&from=${busyDay}&to=${busyDay}`);
  const row = page.getByRole('heading', { level: 2, name: new RegExp(title) }).getByRole('button');
  await row.click();
  const details = page.getByRole('region', { name: new RegExp(title) });
  await details.getByRole('button', { name: 'Manda CV', exact: true }).click();
  const warning = page.getByRole('alertdialog', { name: T.conflictTitle });
  await expect(warning).toContainText(T.conflictWarning);
  await expectNoViolations(page, 'avviso di impegno prima di candidarsi');
  await warning.getByRole('button', { name: T.conflictCancel }).click();
  await expect(warning).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Manda CV', exact: true })).toBeFocused();
  await expect(row).not.toContainText('Candidatura: Inviata');
  await details.getByRole('button', { name: 'Manda CV', exact: true }).click();
  await page.getByRole('alertdialog', { name: T.conflictTitle }).getByRole('button', { name: T.conflictApply }).click();
  await expect(page.getByText('CV inviato con successo!')).toBeVisible();
  await expect(row).toContainText('Candidatura: Inviata');

  // 'Rimuovi' unlinks it: the day is no longer marked.
  await page.goto('/disponibilita');
  await section.getByRole('button', { name: T.remove }).click();
  await expect(toasts(page, EXTERNAL_CALENDAR_MESSAGES.removed)).toBeVisible();
  await expect(section.getByText(T.none)).toBeVisible();
});
