/**
 * Two requests at once on a contract (decision 093): a confirmation locks the contract's row, a change locks the offer,
 * the application and then that row (the lock order), so they take turns: never a 500, never a deadlock, never a
 * confirmation of a version after it was superseded. Meant for PostgreSQL, where the requests truly overlap; PGlite
 * runs them one after the other.
 */
import type { TContract } from '@farmaponte/shared/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractCalls, contractScenario } from '../../../test/contracts';
import { useTestApp } from '../../../test/helpers';
import { auditLog, contracts, notifications } from '../../db/schema';

const t = useTestApp();
const calls = contractCalls(t);

async function accepted() {
  const scenario = await contractScenario(t);
  expect((await calls.accept(scenario.owner, scenario.application.id)).statusCode).toBe(200);
  const contract = (await calls.contract(scenario.owner, scenario.application.id)).json() as TContract;
  return { ...scenario, contract };
}

const auditEntries = () =>
  t.database.db.select({ details: auditLog.details }).from(auditLog).where(eq(auditLog.action, 'contract.confirm'));
const confirmedNotices = (userId: number) =>
  t.database.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'contract_confirmed')));

describe('a contract under two requests at once', () => {
  it('both sides confirm at once: both recorded, two audit entries, each side told once', async () => {
    const { contract, owner, pharmacist } = await accepted();
    const answers = await Promise.all([
      calls.confirm(pharmacist, contract.id, contract.sha256),
      calls.confirm(owner, contract.id, contract.sha256),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const [row] = await t.database.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row?.ownerConfirmedAt).not.toBeNull();
    expect(row?.farmacistaConfirmedAt).not.toBeNull();
    expect(await auditEntries()).toHaveLength(2);
    expect(await confirmedNotices(pharmacist.user.id)).toHaveLength(1);
    expect(await confirmedNotices(owner.user.id)).toHaveLength(1);
  });

  it('the same side twice at once: one confirmation, one audit entry', async () => {
    const { contract, pharmacist } = await accepted();
    const answers = await Promise.all([0, 1].map(() => calls.confirm(pharmacist, contract.id, contract.sha256)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[0]?.json().pharmacist_confirmation).toEqual(answers[1]?.json().pharmacist_confirmation);
    expect(await auditEntries()).toHaveLength(1);
  });

  it('an offer edit racing a change of the contract: both written, one after the other, one current version', async () => {
    const { owner, offer, application } = await accepted();
    const [edited, changed] = await Promise.all([
      calls.editOffer(owner, offer.id, { hourly_pay: 31 }),
      calls.change(owner, application.id, { expenses: 12 }),
    ]);
    expect([edited.statusCode, changed.statusCode]).toEqual([200, 200]);
    const rows = await t.database.db.select().from(contracts).where(eq(contracts.applicationId, application.id));
    expect(rows.map((row) => row.version).sort()).toEqual([1, 2, 3]);
    const current = rows.filter((row) => row.supersededAt === null);
    expect(current).toHaveLength(1);
    // Whichever came second kept the first one's change: the offer's pay and the expenses are both in the last version.
    expect(current[0]?.terms).toMatchObject({ fee: { hourly: 31, expenses: 12 } });
  });

  it('a confirmation racing a change: it lands on version 1 before the change, or it is 409 superseded', async () => {
    for (let round = 0; round < 4; round += 1) {
      await t.database.db.delete(auditLog);
      const { contract, owner, pharmacist, application } = await accepted();
      const [confirmed, changed] = await Promise.all([
        calls.confirm(pharmacist, contract.id, contract.sha256),
        calls.change(owner, application.id, { expenses: 15 + round }),
      ]);
      expect(changed.statusCode).toBe(200);
      expect((changed.json() as TContract).version).toBe(2);
      const [v1] = await t.database.db.select().from(contracts).where(eq(contracts.id, contract.id));
      expect(v1?.supersededAt).not.toBeNull();
      if (confirmed.statusCode === 200) {
        // It came first: version 1 keeps the confirmation, with its audit entry; version 2 starts unconfirmed.
        expect(v1?.farmacistaConfirmedAt).not.toBeNull();
        expect(await auditEntries()).toHaveLength(1);
      } else {
        expect(confirmed.statusCode).toBe(409);
        expect(confirmed.json().code).toBe('contract_superseded');
        expect(v1?.farmacistaConfirmedAt).toBeNull();
        expect(await auditEntries()).toHaveLength(0);
      }
      expect((changed.json() as TContract).pharmacist_confirmation).toBeNull();
    }
  });
});
