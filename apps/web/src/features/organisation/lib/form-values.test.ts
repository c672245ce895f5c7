import { describe, expect, it } from 'vitest';
import { rolePayload, settingsFormValues, settingsPayload, staffOfPharmacy, typedNumber } from './form-values';

describe('amounts and counts as typed', () => {
  it('are numbers with a comma or a point, null when empty, and left as typed otherwise for the schema to refuse', () => {
    expect(typedNumber('20')).toBe(20);
    expect(typedNumber(' 20,50 ')).toBe(20.5);
    expect(typedNumber('20.5')).toBe(20.5);
    expect(typedNumber('')).toBeNull();
    expect(typedNumber('  ')).toBeNull();
    expect(typedNumber('venti')).toBe('venti');
    expect(typedNumber('1e3')).toBe('1e3');
    expect(typedNumber('-4')).toBe('-4');
  });
});

describe("a pharmacy's settings", () => {
  const saved = {
    start_time: '08:30',
    end_time: '13:00',
    hourly_pay: 22.5,
    positions: 2,
    note: 'Parcheggio nel cortile',
    notify_user_ids: [4, 9],
  };

  it('fill the form as an Italian types them, and go back unchanged', () => {
    const values = settingsFormValues(saved);
    expect(values).toEqual({
      start_time: '08:30',
      end_time: '13:00',
      hourly_pay: '22,5',
      positions: '2',
      note: 'Parcheggio nel cortile',
      notify: 'chosen',
      notify_user_ids: ['4', '9'],
    });
    expect(settingsPayload(values)).toEqual(saved);
  });

  it('left empty are nulls; the default recipients send null whatever was ticked before', () => {
    const empty = { start_time: null, end_time: null, hourly_pay: null, positions: null, note: '', notify_user_ids: null };
    const values = settingsFormValues(empty);
    expect(values.notify).toBe('default');
    expect(settingsPayload({ ...values, notify_user_ids: ['4'] })).toEqual(empty);
    // The people chosen, none ticked: nobody is mailed (an empty list, not the default).
    expect(settingsPayload({ ...values, notify: 'chosen' }).notify_user_ids).toEqual([]);
  });
});

describe('a role and its pharmacies', () => {
  it('send the pharmacies ticked as numbers, and none for a titolare, who acts for all', () => {
    expect(rolePayload({ email: 'a@b.it', role: 'responsabile', pharmacy_ids: ['3', '12'] })).toEqual({
      email: 'a@b.it',
      role: 'responsabile',
      pharmacy_ids: [3, 12],
    });
    expect(rolePayload({ role: 'titolare', pharmacy_ids: ['3'] })).toEqual({ role: 'titolare', pharmacy_ids: [] });
  });

  it('of the staff, those who act for a pharmacy: every titolare and whoever has it among theirs', () => {
    const members = [
      { name: 'A', role: 'titolare' as const, pharmacy_ids: [] },
      { name: 'B', role: 'responsabile' as const, pharmacy_ids: [3] },
      { name: 'C', role: 'consultazione' as const, pharmacy_ids: [3, 5] },
      { name: 'D', role: 'responsabile' as const, pharmacy_ids: [5] },
    ];
    expect(staffOfPharmacy(members, 3).map((m) => m.name)).toEqual(['A', 'B', 'C']);
  });
});
