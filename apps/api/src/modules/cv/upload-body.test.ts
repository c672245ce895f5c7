/**
 * PUT /api/user/details/ reads a body above 64 KB in a worker thread (upload-body.ts, docs/decisions/030). Whatever the
 * size, the user must get the same answer: these send each body as it is and padded past 64 KB with spaces (which
 * JSON ignores), and compare.
 */

import { randomUUID } from 'node:crypto';
import { LIMITS, MESSAGES } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../../../test/helpers';
import { cvFilePieces, cvFiles } from '../../db/schema';
import { makeCvPdf, pharmacistProfile } from '../../factories';

const t = useTestApp();

const put = (headers: Record<string, string>, json: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/details/',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: json,
  });
const padded = (json: string) => json + ' '.repeat(LIMITS.bodyLimitBytes + 1);
const download = (url: string) => {
  const link = new URL(url);
  return t.app.inject({ method: 'GET', url: link.pathname + link.search });
};
const storedCv = async (headers: Record<string, string>) => {
  const link = (await t.app.inject({ method: 'GET', url: '/api/user/details/', headers })).json().profile.pdf_file;
  return link ? (await download(link)).rawPayload : null;
};

/** Sends `json` compact and padded; both must get the same status and body. Answers the compact one. */
async function sameAnswerAtAnySize(headers: Record<string, string>, json: string) {
  const compact = await put(headers, json);
  const large = await put(headers, padded(json));
  expect({ status: large.statusCode, body: large.json() }).toEqual({ status: compact.statusCode, body: compact.json() });
  return compact;
}

describe('PUT /api/user/details/ answers a large body as it answers a small one', () => {
  it.each([
    ['malformed JSON', '{"pdf_file": ', 400, { message: MESSAGES.invalidInput, code: 'bad_request' }],
    [
      'a __proto__ key (prototype poisoning)',
      '{"__proto__": {"admin": true}, "pdf_file": "JVBERi0="}',
      400,
      { message: MESSAGES.invalidInput, code: 'bad_request' },
    ],
    [
      'a constructor.prototype key',
      '{"constructor": {"prototype": {}}, "pdf_file": "JVBERi0="}',
      400,
      { message: MESSAGES.invalidInput, code: 'bad_request' },
    ],
    [
      'a NUL byte in the CV',
      '{"pdf_file": "JVBERi0\\u0000"}',
      400,
      { message: MESSAGES.invalidCharacters, code: 'invalid_characters', fields: { pdf_file: MESSAGES.invalidCharacters } },
    ],
    [
      'a control character in another field',
      '{"pdf_file": "JVBERi0=", "note": {"text": "a\\u0007"}}',
      400,
      { message: MESSAGES.invalidCharacters, code: 'invalid_characters', fields: { 'note.text': MESSAGES.invalidCharacters } },
    ],
    ['a CV that is not text', '{"pdf_file": 12345}', 400, { code: 'validation_error' }],
    ['a list instead of an object', '[1, 2, 3]', 400, { code: 'validation_error' }],
    ['a CV that is not base64', '{"pdf_file": "non è base64!"}', 400, { message: MESSAGES.invalidPdf, code: 'invalid_pdf' }],
    ['a CV that is not a PDF', `{"pdf_file": "${Buffer.from('GIF89a').toString('base64')}"}`, 400, { code: 'invalid_pdf' }],
  ])('refuses %s, and keeps the CV already there', async (_, json, status, answer) => {
    const { headers } = await signedIn(t.app, 'farmacista');
    const before = await makeCvPdf();
    expect((await put(headers, JSON.stringify({ pdf_file: before.toString('base64') }))).statusCode).toBe(200);
    const response = await sameAnswerAtAnySize(headers, json);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject(answer);
    expect(Buffer.compare((await storedCv(headers)) ?? Buffer.alloc(0), before)).toBe(0);
  });

  it('stores a CV sent with a byte-order mark, as the ordinary JSON parser does', async () => {
    const { headers } = await signedIn(t.app, 'farmacista');
    const pdf = await makeCvPdf();
    const response = await sameAnswerAtAnySize(headers, `\uFEFF${JSON.stringify({ pdf_file: pdf.toString('base64') })}`);
    expect(response.statusCode).toBe(200);
    expect(Buffer.compare((await storedCv(headers)) ?? Buffer.alloc(0), pdf)).toBe(0);
  });

  it("refuses an owner's CV (403) whatever its size", async () => {
    const { headers } = await signedIn(t.app, 'titolare');
    const json = JSON.stringify({ pdf_file: (await makeCvPdf()).toString('base64') });
    expect((await sameAnswerAtAnySize(headers, json)).statusCode).toBe(403);
  });

  it('saves a profile sent in a large body', async () => {
    const { headers } = await signedIn(t.app, 'farmacista');
    const response = await put(headers, padded(JSON.stringify({ profile: { ...pharmacistProfile(), name: 'Giulia Maria' } })));
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.name).toBe('Giulia Maria');
  });
});

describe('CV storage', () => {
  it('still serves a CV stored before the pieces (one piece holding the whole file)', async () => {
    const { user, headers } = await signedIn(t.app, 'farmacista');
    const pdf = await makeCvPdf();
    const version = randomUUID();
    await t.database.db.insert(cvFilePieces).values({ userId: user.id, version, n: 0, data: pdf });
    await t.database.db
      .insert(cvFiles)
      .values({ userId: user.id, version, size: pdf.length, sha256: 'x', uploadedAt: new Date() });
    expect(Buffer.compare((await storedCv(headers)) ?? Buffer.alloc(0), pdf)).toBe(0);
  });

  it('removes a replaced CV from the database, not only from view', async () => {
    const { user, headers } = await signedIn(t.app, 'farmacista');
    for (const name of ['Prima Versione', 'Seconda Versione'])
      expect((await put(headers, JSON.stringify({ pdf_file: (await makeCvPdf(name)).toString('base64') }))).statusCode).toBe(200);
    const pieces = await t.database.db.select({ version: cvFilePieces.version, userId: cvFilePieces.userId }).from(cvFilePieces);
    const [head] = await t.database.db.select({ version: cvFiles.version }).from(cvFiles);
    expect(pieces.filter((p) => p.userId === user.id).map((p) => p.version)).toEqual([head?.version]);
  });
});
