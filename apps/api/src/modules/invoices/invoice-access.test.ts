/**
 * Who may do what with invoices (decision 095): every route as the wrong user. Anonymous is 401; another pharmacist
 * and another pharmacy's owner find nothing (404); an owner-side person on her routes is 403; a member who only reads
 * may read but not mark paid (403); a responsabile of another pharmacy of the organisation finds nothing (404).
 */
import type { TInvoice } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { invoiceCalls, issuedScenario } from '../../../test/invoices';
import { addPharmacy, signedInMember } from '../../../test/organisation-members';

const t = useTestApp();
const calls = invoiceCalls(t);

const issued = () => issuedScenario(t);

/** Every route of one invoice, with the body each needs. */
const everyRoute = (who: TSignedIn | undefined, invoice: TInvoice, applicationId: number) => [
  calls.issue(who, [applicationId]),
  calls.preview(who, { application_ids: [applicationId] }),
  calls.invoiceable(who),
  calls.mine(who),
  calls.received(who),
  calls.get(who, invoice.id),
  calls.xml(who, invoice.id),
  calls.pdf(who, invoice.id),
  calls.sent(who, invoice.id),
  calls.paid(who, invoice.id, {}),
  calls.credit(who, invoice.id),
];

describe('invoices as the wrong user', () => {
  it('anonymous: 401 everywhere', async () => {
    const { invoice, application } = await issued();
    const answers = await Promise.all(everyRoute(undefined, invoice, application.id));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(11).fill(401));
  });

  it('another pharmacist: her own lists are empty, the invoice and the engagement are 404, owner routes 403', async () => {
    const { invoice, application } = await issued();
    const other = await signedIn(t.app, 'farmacista');
    const answers = await Promise.all(everyRoute(other, invoice, application.id));
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 200, 200, 403, 404, 404, 404, 404, 403, 404]);
    expect(answers[3]?.json().invoices).toEqual([]);
  });

  it("another pharmacy's owner: nothing found; her routes 403", async () => {
    const { invoice, application } = await issued();
    const stranger = await signedIn(t.app, 'titolare');
    const answers = await Promise.all(everyRoute(stranger, invoice, application.id));
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403, 403, 200, 404, 404, 404, 403, 404, 403]);
    expect(answers[4]?.json().invoices).toEqual([]);
  });

  it('the pharmacy’s owner may read and mark paid, never act on her routes', async () => {
    const { owner, invoice, application } = await issued();
    const answers = await Promise.all(everyRoute(owner, invoice, application.id));
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403, 403, 200, 200, 200, 200, 403, 200, 403]);
  });

  it('a consultazione member reads the invoice but may not mark it paid; a responsabile of another pharmacy finds nothing', async () => {
    const { organisationId, owner, invoice } = await issued();
    const reader = await signedInMember(t.app, organisationId, 'consultazione', [owner.user.id]);
    expect((await calls.get(reader, invoice.id)).statusCode).toBe(200);
    expect((await calls.received(reader)).json().invoices).toHaveLength(1);
    const paid = await calls.paid(reader, invoice.id, {});
    expect([paid.statusCode, paid.json().code]).toEqual([403, 'read_only_member']);

    const elsewhere = await addPharmacy(t.database.db, organisationId, { name: 'Farmacia Nuova' });
    const manager = await signedInMember(t.app, organisationId, 'responsabile', [elsewhere]);
    expect((await calls.get(manager, invoice.id)).statusCode).toBe(404);
    expect((await calls.paid(manager, invoice.id, {})).statusCode).toBe(404);
    expect((await calls.received(manager)).json().invoices).toEqual([]);
    expect((await calls.get(owner, invoice.id)).json().state).toBe('emessa');
  });
});
