/**
 * What is kept of an engagement beyond the screens (decision 093): the pharmacist's data export holds her professional
 * file (the policy's PDF by name, size and SHA-256, never its bytes) and her contracts; the file goes with her account;
 * the retention job deletes the contracts whose `keep_until` has passed and keeps the others, whoever is gone.
 */
import { createHash } from 'node:crypto';
import { addDays, todayInItaly, ZDataExportSchema } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { contracts, professionalFiles, users } from '../../db/schema';
import { createOwner, makeCvPdf } from '../../factories';

const t = useTestApp();
const today = () => todayInItaly(t.clock.now);
const saveFile = (who: TSignedIn, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/me/professional-file/', headers: who.headers, payload });

async function insertContract(values: {
  farmacistaId: number | null;
  pharmacyId: number | null;
  keepUntil: string;
  version?: number;
}) {
  const pdf = Buffer.from('%PDF-1.4\ncontratto\n%%EOF\n');
  const [row] = await t.app.db
    .insert(contracts)
    .values({
      farmacistaId: values.farmacistaId,
      pharmacyId: values.pharmacyId,
      version: values.version ?? 1,
      terms: { pharmacist: { name: 'Giulia Bianchi' } },
      pdf,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      keepUntil: values.keepUntil,
      createdAt: t.clock.now,
    })
    .returning({ id: contracts.id, sha256: contracts.sha256 });
  if (!row) throw new Error('no contract');
  return row;
}

describe('the data export of a pharmacist', () => {
  it('holds her professional file without the PDF bytes, and her contracts with their hashes and confirmations', async () => {
    const giulia = await signedIn(t.app, 'farmacista');
    const owner = await createOwner(t.app.db);
    await saveFile(giulia, {
      codice_fiscale: 'BNCGLI92D55A794P',
      partita_iva: '01234567897',
      insurance_company: 'Assicurazioni Esempio',
    });
    const pdf = await makeCvPdf('Polizza');
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/professional-file/insurance-document/',
      headers: { ...giulia.headers, 'content-type': 'application/pdf' },
      payload: pdf,
    });
    const hers = await insertContract({ farmacistaId: giulia.user.id, pharmacyId: owner.id, keepUntil: '2036-12-31' });
    await t.app.db.update(contracts).set({ ownerConfirmedAt: t.clock.now }).where(eq(contracts.id, hers.id));
    // Someone else's contract: not in her export.
    const other = await signedIn(t.app, 'farmacista');
    await insertContract({ farmacistaId: other.user.id, pharmacyId: owner.id, keepUntil: '2036-12-31' });

    const answer = await t.app.inject({ method: 'GET', url: '/api/user/export/', headers: giulia.headers });
    expect(answer.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(answer.rawPayload));
    const json = new TextDecoder().decode(files['dati.json']);
    const data = ZDataExportSchema.strict().parse(JSON.parse(json));
    expect(data.professional_file).toMatchObject({
      codice_fiscale: 'BNCGLI92D55A794P',
      partita_iva: '01234567897',
      insurance_company: 'Assicurazioni Esempio',
      insurance_document: { name: 'polizza.pdf', size: pdf.length, sha256: createHash('sha256').update(pdf).digest('hex') },
    });
    expect(Object.keys(files).sort()).toEqual(['dati.json']);
    expect(json).not.toContain(pdf.subarray(0, 64).toString('base64'));
    expect(data.contracts).toEqual([
      {
        id: hers.id,
        application_id: null,
        version: 1,
        sha256: hers.sha256,
        created_at: t.clock.now.toISOString(),
        superseded_at: null,
        keep_until: '2036-12-31',
        confirmations: { owner_at: t.clock.now.toISOString(), pharmacist_at: null },
      },
    ]);

    // An owner has no file and no contracts of her own in it.
    const ownerSession = await signedIn(t.app, 'titolare');
    const ownerExport = await t.app.inject({ method: 'GET', url: '/api/user/export/', headers: ownerSession.headers });
    const ownerData = JSON.parse(new TextDecoder().decode(unzipSync(new Uint8Array(ownerExport.rawPayload))['dati.json']));
    expect(ownerData).toMatchObject({ professional_file: null, contracts: [] });
  });
});

describe('retention of the file and the contracts', () => {
  it('deletes the file with the account; the retention job purges contracts past keep_until and keeps current ones', async () => {
    const giulia = await signedIn(t.app, 'farmacista');
    const owner = await createOwner(t.app.db);
    expect((await saveFile(giulia, { partita_iva: '01234567897' })).statusCode).toBe(200);
    const old = await insertContract({ farmacistaId: giulia.user.id, pharmacyId: owner.id, keepUntil: addDays(today(), -1) });
    const lastDay = await insertContract({ farmacistaId: giulia.user.id, pharmacyId: owner.id, keepUntil: today() });
    const current = await insertContract({ farmacistaId: giulia.user.id, pharmacyId: owner.id, keepUntil: '2036-12-31' });

    // Her account goes: the file with it (cascade); the contracts stay, with her reference set null.
    await t.app.db.delete(users).where(eq(users.id, giulia.user.id));
    expect(await t.app.db.select().from(professionalFiles)).toEqual([]);
    const kept = await t.app.db.select({ id: contracts.id, farmacistaId: contracts.farmacistaId }).from(contracts);
    expect(kept.map((c) => c.farmacistaId)).toEqual([null, null, null]);

    expect(await t.app.jobs.run('retention')).toMatchObject({ contracts: 1 });
    const left = await t.app.db.select({ id: contracts.id }).from(contracts).orderBy(contracts.id);
    expect(left.map((c) => c.id)).toEqual([lastDay.id, current.id]);
    expect(left.map((c) => c.id)).not.toContain(old.id);

    // The day after its last day the second goes too; the current one stays.
    t.clock.advance(86_400_000);
    expect(await t.app.jobs.run('retention')).toMatchObject({ contracts: 1 });
    expect((await t.app.db.select({ id: contracts.id }).from(contracts)).map((c) => c.id)).toEqual([current.id]);
  });
});
