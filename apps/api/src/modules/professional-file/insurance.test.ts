/**
 * The insurance policy of the professional file (decision 093): its PDF, hers alone to upload, read and remove; and the
 * reminder INSURANCE.reminderDays before it ends, once per expiry date however many runs meet.
 */
import { createHash } from 'node:crypto';
import { addDays, formatDate, INSURANCE, NOTIFICATION_TEXT, todayInItaly } from '@farmaponte/shared';
import { PROFESSIONAL_FILE_MESSAGES as M } from '@farmaponte/shared/messages-professional-file';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, type TSignedIn, tableSnapshot, useTestApp } from '../../../test/helpers';
import { mailOutbox, notifications, professionalFiles } from '../../db/schema';
import { makeCvPdf } from '../../factories';
import { remindExpiringInsurance } from './insurance-reminder';

const t = useTestApp();
const DOCUMENT = '/api/me/professional-file/insurance-document/';

const upload = (who: TSignedIn | undefined, body: Buffer | string, type = 'application/pdf', query = '') =>
  t.app.inject({
    method: 'PUT',
    url: `${DOCUMENT}${query}`,
    headers: { ...who?.headers, 'content-type': type },
    payload: body,
  });
const download = (who: TSignedIn | undefined) => t.app.inject({ method: 'GET', url: DOCUMENT, headers: who?.headers });

describe('the policy PDF', () => {
  it('is stored with its name, size and SHA-256, read back byte for byte, and removed', async () => {
    const giulia = await signedIn(t.app, 'farmacista');
    const pdf = await makeCvPdf('Polizza RC professionale');
    const saved = await upload(giulia, pdf, 'application/pdf', '?name=Polizza%202026.pdf');
    expect(saved.statusCode).toBe(200);
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    expect(saved.json()).toEqual({ message: M.documentSaved, document: { name: 'Polizza 2026.pdf', size: pdf.length, sha256 } });
    const file = await t.app.inject({ method: 'GET', url: '/api/me/professional-file/', headers: giulia.headers });
    expect(file.json().insurance.document).toEqual({ name: 'Polizza 2026.pdf', size: pdf.length, sha256 });

    const back = await download(giulia);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.headers['content-disposition']).toContain('filename="Polizza 2026.pdf"');
    expect(back.rawPayload.equals(pdf)).toBe(true);

    const removed = await t.app.inject({ method: 'DELETE', url: DOCUMENT, headers: giulia.headers });
    expect(removed.json()).toEqual({ message: M.documentDeleted });
    expect((await download(giulia)).json()).toMatchObject({ code: 'insurance_document_not_found' });
    expect((await t.app.inject({ method: 'DELETE', url: DOCUMENT, headers: giulia.headers })).statusCode).toBe(404);
  });

  it('refuses what is not a PDF (400) and a PDF above 5 MB (413), keeping the one stored', async () => {
    const giulia = await signedIn(t.app, 'farmacista');
    const pdf = await makeCvPdf('Polizza');
    await upload(giulia, pdf);
    const before = await tableSnapshot(t.database);
    for (const [body, type] of [
      ['GIF89a non un pdf', 'application/pdf'],
      ['', 'application/pdf'],
      [pdf, 'text/plain'],
      [pdf, 'application/octet-stream'],
      ['{"pdf":"%PDF-"}', 'application/json'],
    ] as const) {
      const refused = await upload(giulia, body, type);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'insurance_document_invalid', message: M.documentInvalid });
    }
    const large = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await upload(giulia, large);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ message: M.documentTooLarge });
    expect(await tableSnapshot(t.database)).toEqual(before);
    expect((await download(giulia)).rawPayload.equals(pdf)).toBe(true);
  });

  it('is hers alone: another pharmacist reads only her own (none), an owner 403, no session 401', async () => {
    const giulia = await signedIn(t.app, 'farmacista');
    await upload(giulia, await makeCvPdf('Polizza'));
    const other = await signedIn(t.app, 'farmacista');
    expect((await download(other)).statusCode).toBe(404);
    const owner = await signedIn(t.app, 'titolare');
    expect((await download(owner)).statusCode).toBe(403);
    expect((await upload(owner, await makeCvPdf('Altro'))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: DOCUMENT, headers: owner.headers })).statusCode).toBe(403);
    expect((await download(undefined)).statusCode).toBe(401);
    expect((await upload(undefined, await makeCvPdf('Altro'))).statusCode).toBe(401);
    expect((await download(giulia)).statusCode).toBe(200);
  });
});

describe('the insurance reminder (insurance-reminders)', () => {
  const today = () => todayInItaly(t.clock.now);
  const setExpiry = (who: TSignedIn, day: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/me/professional-file/',
      headers: who.headers,
      payload: { insurance_company: 'Assicurazioni Esempio', insurance_expires_on: day },
    });
  const told = (userId: number) =>
    t.app.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

  it(`tells her ${INSURANCE.reminderDays} days before, once, and again for a new expiry`, async () => {
    const giulia = await signedIn(t.app, 'farmacista');
    const later = await signedIn(t.app, 'farmacista');
    const expired = await signedIn(t.app, 'farmacista');
    const expiry = addDays(today(), INSURANCE.reminderDays);
    await setExpiry(giulia, expiry);
    await setExpiry(later, addDays(today(), INSURANCE.reminderDays + 1));
    await setExpiry(expired, addDays(today(), -1));

    expect(await t.app.jobs.run('insurance-reminders')).toEqual({ reminded: 1 });
    const text = NOTIFICATION_TEXT.insurance_expiring('Assicurazioni Esempio', formatDate(expiry));
    expect(text.body).toContain(formatDate(expiry));
    expect((await told(giulia.user.id)).map((n) => [n.type, n.title, n.body, n.link])).toEqual([
      ['insurance_expiring', text.title, text.body, '/fascicolo'],
    ]);
    expect(await told(later.user.id)).toEqual([]);
    expect(await told(expired.user.id)).toEqual([]);
    const [mail] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.userId, giulia.user.id));
    expect(mail?.to).toBe(giulia.user.email);
    expect(mail?.text).toContain(formatDate(expiry));

    expect(await t.app.jobs.run('insurance-reminders')).toEqual({ reminded: 0 });

    // She renews for a short term: the new expiry is told of again.
    const renewal = addDays(today(), 10);
    expect((await setExpiry(giulia, renewal)).json()).toMatchObject({ insurance: { expires_on: renewal } });
    expect(await t.app.jobs.run('insurance-reminders')).toEqual({ reminded: 1 });
    expect((await told(giulia.user.id)).map((n) => n.body)).toEqual([
      text.body,
      NOTIFICATION_TEXT.insurance_expiring('Assicurazioni Esempio', formatDate(renewal)).body,
    ]);

    // A day later the other one's policy is within the days too.
    t.clock.advance(86_400_000);
    expect(await t.app.jobs.run('insurance-reminders')).toEqual({ reminded: 1 });
    expect(await told(later.user.id)).toHaveLength(1);
    expect(await told(giulia.user.id)).toHaveLength(2);
  });

  it('two runs at once tell her once (the UPDATE claims the expiry)', async () => {
    const giulia = await signedIn(t.app, 'farmacista');
    await setExpiry(giulia, addDays(today(), 5));
    const runs = await Promise.all([0, 1, 2].map(() => remindExpiringInsurance(t.app.db, t.app.events, t.clock.now)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await told(giulia.user.id)).toHaveLength(1);
    const [file] = await t.app.db.select().from(professionalFiles).where(eq(professionalFiles.userId, giulia.user.id));
    expect(file?.insuranceRemindedFor).toBe(addDays(today(), 5));
  });
});
