import { randomBytes } from 'node:crypto';
import { LIMITS, MESSAGES } from '@farmaponte/shared';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../../../test/helpers';
import { createAdmin, createOffer, makeCvPdf } from '../../factories';

const t = useTestApp();
const upload = (headers: Record<string, string>, pdf_file: string) =>
  t.app.inject({ method: 'PUT', url: '/api/user/details/', headers, payload: { pdf_file } });
const download = (url: string) => {
  const link = new URL(url);
  return t.app.inject({ method: 'GET', url: link.pathname + link.search });
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('CV upload (PUT /api/user/details/ {pdf_file})', () => {
  it('stores a real PDF and answers with a signed link, never the bytes', async () => {
    const { headers } = await signedIn(t.app, 'farmacista');
    const pdf = await makeCvPdf();
    const response = await upload(headers, pdf.toString('base64'));
    expect(response.statusCode).toBe(200);
    const link: string = response.json().profile.pdf_file;
    expect(link).toMatch(/^http:\/\/farmaponte\.test\/api\/cv\/\d+\/\?viewer=\d+&expires=\d+&signature=/);
    expect(response.body).not.toContain(pdf.toString('base64').slice(0, 40));
    const file = await download(link);
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, pdf)).toBe(0);
  });

  it.each([
    ['a PNG renamed .pdf', () => PNG.toString('base64'), MESSAGES.invalidPdf],
    ['truncated base64', async () => (await makeCvPdf()).toString('base64').slice(0, 101), MESSAGES.invalidPdf],
    ['a file that only starts like a PDF', () => Buffer.from('%PDF-1.7 not really').toString('base64'), MESSAGES.invalidPdf],
    ['an empty string', () => '', MESSAGES.invalidPdf],
  ])('refuses %s (400) and keeps the previous CV', async (_, make, message) => {
    const { headers } = await signedIn(t.app, 'farmacista');
    await upload(headers, (await makeCvPdf()).toString('base64'));
    const response = await upload(headers, await make());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    const details = await t.app.inject({ method: 'GET', url: '/api/user/details/', headers });
    expect((await download(details.json().profile.pdf_file)).statusCode).toBe(200);
  });

  it('refuses a 6 MB PDF with the size message', async () => {
    const { headers } = await signedIn(t.app, 'farmacista');
    const pdf = await makeCvPdf();
    const padded = Buffer.concat([pdf, Buffer.alloc(6 * 1024 * 1024 - pdf.length, 0x20)]);
    const response = await upload(headers, padded.toString('base64'));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.pdfTooLarge);
  });

  it('answers 413 past the 8 MB body limit', async () => {
    const { headers } = await signedIn(t.app, 'farmacista');
    const response = await upload(headers, 'A'.repeat(9 * 1024 * 1024));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(MESSAGES.bodyTooLarge);
  });

  it('keeps a 2.5 MB CV byte for byte, and a replacement replaces it whole', async () => {
    const { headers } = await signedIn(t.app, 'farmacista');
    const large = async (seed: number) => {
      const doc = await PDFDocument.load(await makeCvPdf());
      // Random bytes do not compress: the file stays as large as a scanned CV.
      await doc.attach(
        Uint8Array.from(randomBytes(2_500_000), (b) => b ^ seed),
        'scansione.bin',
        { mimeType: 'application/octet-stream' },
      );
      return Buffer.from(await doc.save());
    };
    for (const pdf of [await large(1), await large(2)]) {
      expect(pdf.length).toBeGreaterThan(2_500_000);
      const response = await upload(headers, pdf.toString('base64'));
      expect(response.statusCode).toBe(200);
      const file = await download(response.json().profile.pdf_file);
      expect(file.rawPayload.length).toBe(pdf.length);
      expect(Buffer.compare(file.rawPayload, pdf)).toBe(0);
    }
  });

  it('is for pharmacists only (403 for an owner)', async () => {
    const { headers } = await signedIn(t.app, 'titolare');
    const response = await upload(headers, (await makeCvPdf()).toString('base64'));
    expect(response.statusCode).toBe(403);
  });
});

describe('signed CV links', () => {
  async function applied() {
    const pharmacist = await signedIn(t.app, 'farmacista');
    await upload(pharmacist.headers, (await makeCvPdf()).toString('base64'));
    const owner = await signedIn(t.app, 'titolare');
    const offer = await createOffer(t.database.db, owner.user.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/candidature/',
      headers: pharmacist.headers,
      payload: { offer_id: offer.id },
    });
    const [application] = (
      await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers: owner.headers })
    ).json();
    return {
      pharmacist: pharmacist.user,
      owner: owner.user,
      offer,
      ownerHeaders: owner.headers,
      pharmacistHeaders: pharmacist.headers,
      ownerLink: application.farmacista.pdf_file as string,
    };
  }

  it("work for the CV's owner and the owner it was sent to, and stop after 10 minutes", async () => {
    const s = await applied();
    const own = (await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: s.pharmacistHeaders })).json().profile
      .pdf_file;
    expect((await download(own)).statusCode).toBe(200);
    expect((await download(s.ownerLink)).statusCode).toBe(200);
    t.clock.advance((LIMITS.cvLinkTtlSeconds + 60) * 1000);
    const expired = await download(s.ownerLink);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe(MESSAGES.cvLinkExpired);
  });

  it('cannot be turned into a link for another owner, nor forged', async () => {
    const s = await applied();
    const intruder = await signedIn(t.app, 'titolare');
    const url = new URL(s.ownerLink);
    url.searchParams.set('viewer', String(intruder.user.id));
    expect((await download(url.toString())).statusCode).toBe(403);
    const forged = new URL(s.ownerLink);
    forged.searchParams.set('signature', 'A'.repeat(43));
    expect((await download(forged.toString())).statusCode).toBe(403);
    // The intruder's own list has nothing of this pharmacist.
    expect((await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers: intruder.headers })).json()).toEqual(
      [],
    );
  });

  it('stops working for the owner once the offer (and so the application) is gone', async () => {
    const s = await applied();
    await t.app.inject({ method: 'DELETE', url: `/api/offers/${s.offer.id}/delete/`, headers: s.ownerHeaders });
    expect((await download(s.ownerLink)).statusCode).toBe(403);
  });

  it('an admin may read any CV', async () => {
    const s = await applied();
    const admin = await createAdmin(t.database.db);
    const link = t.app.cvLinks.linkFor(s.pharmacist.id, admin.id);
    expect((await download(link)).statusCode).toBe(200);
  });
});
