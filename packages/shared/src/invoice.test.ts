/**
 * An invoice's amounts, checked against sums done by hand (written beside each case): the flat-rate regime with its
 * wording and the stamp duty at its threshold, the ordinary regime's VAT and withholding, the rounding to the cent, a
 * credit note's amounts, and the due day.
 */
import { describe, expect, it } from 'vitest';
import { invoiceAmounts, invoiceDueOn, type TInvoiceLineInput } from './invoice';
import { FORFETTARIO_RULES, STAMP_DUTY_RULES } from './invoice-rules';
import { amountFor } from './pay';

const DAY = '2025-03-10';
const FLAT = FORFETTARIO_RULES[0];
const STAMP = STAMP_DUTY_RULES[0];

const hours = (minutes: number, rate: number, applicationId = 1): TInvoiceLineInput => ({
  kind: 'hours',
  description: `Turno in farmacia, ${minutes / 60} ore a ${rate} €/ora`,
  quantity: Number((minutes / 60).toFixed(8)),
  unit_price: rate,
  total: amountFor(minutes, rate),
  application_id: applicationId,
});
const lump = (kind: 'travel' | 'lodging' | 'expense', total: number): TInvoiceLineInput => ({
  kind,
  description: kind === 'expense' ? 'Parcheggio' : 'Viaggio',
  quantity: null,
  unit_price: total,
  total,
  application_id: 1,
});

describe('the flat-rate regime (forfettario)', () => {
  // 8 h 20 min at 31,37 €/h = 500 / 60 × 31,37 = 261,41666… → 261,42; + travel 24,60 + parking 7,50 = 293,52 €.
  // No VAT (nature N2.2), no withholding; 293,52 > 77,47, so the 2 € stamp duty is a line of its own (nature N1):
  // total = amount due = 293,52 + 2,00 = 295,52 €.
  const amounts = invoiceAmounts('forfettario', [hours(500, 31.37), lump('travel', 24.6), lump('expense', 7.5)], DAY);

  it('bills every line without VAT under nature N2.2, and adds the stamp duty as line 4 under N1', () => {
    expect(amounts.regime_code).toBe('RF19');
    expect(
      amounts.lines.map((line) => [line.number, line.kind, line.total, line.vat_rate, line.nature, line.withholding]),
    ).toEqual([
      [1, 'hours', 261.42, 0, 'N2.2', false],
      [2, 'travel', 24.6, 0, 'N2.2', false],
      [3, 'expense', 7.5, 0, 'N2.2', false],
      [4, 'stamp_duty', 2, 0, 'N1', false],
    ]);
    expect(amounts.lines[3]?.description).toBe('Rimborso imposta di bollo');
  });

  it('sums one summary row per nature with its legal reference, and totals with nothing withheld', () => {
    expect(amounts.summary).toEqual([
      { vat_rate: 0, nature: 'N2.2', taxable: 293.52, tax: 0, legal_reference: 'Art. 1, commi 54-89, L. 190/2014' },
      { vat_rate: 0, nature: 'N1', taxable: 2, tax: 0, legal_reference: 'Art. 15 DPR 633/1972' },
    ]);
    expect(amounts).toMatchObject({
      taxable: 295.52,
      vat: 0,
      withholding: null,
      stamp_duty: 2,
      total: 295.52,
      amount_due: 295.52,
    });
  });

  it('carries the legal wording: no VAT, no withholding, the duty paid virtually', () => {
    expect(amounts.notes).toEqual([FLAT.vatWording, FLAT.withholdingWording, STAMP.wording]);
    expect(amounts.notes[0]).toContain('Legge n. 190/2014');
    expect(amounts.notes[1]).toContain("non soggetto a ritenuta d'acconto");
    expect(amounts.notes[2]).toContain('D.M. 17 giugno 2014');
  });

  it('charges no stamp duty on 77,47 € exactly, and 2 € on 77,48 €', () => {
    // 2 h at 38,00 = 76,00 €; + 1,47 € parking = 77,47 €: not more than 77,47, no duty, total 77,47.
    const at = invoiceAmounts('forfettario', [hours(120, 38), lump('expense', 1.47)], DAY);
    expect(at.stamp_duty).toBeNull();
    expect(at.lines.map((line) => line.kind)).toEqual(['hours', 'expense']);
    expect(at.notes).toEqual([FLAT.vatWording, FLAT.withholdingWording]);
    expect([at.total, at.amount_due]).toEqual([77.47, 77.47]);
    // 76,00 + 1,48 = 77,48 € > 77,47: a 2 € line N1, total 79,48.
    const over = invoiceAmounts('forfettario', [hours(120, 38), lump('expense', 1.48)], DAY);
    expect(over.stamp_duty).toBe(2);
    expect(over.lines.at(-1)).toMatchObject({ number: 3, kind: 'stamp_duty', total: 2, nature: 'N1' });
    expect([over.taxable, over.total, over.amount_due]).toEqual([79.48, 79.48, 79.48]);
  });

  it('has no rule to apply before the N2.2 nature existed', () => {
    expect(() => invoiceAmounts('forfettario', [lump('travel', 10)], '2020-12-31')).toThrow(/no flat-rate rule/);
  });
});

describe('the ordinary regime', () => {
  // 6 h at 30,00 = 180,00; travel 20,00; parking 5,00: 205,00 € of lines.
  // VAT 22% of 205,00 = 45,10; total 250,10. Withholding 20% of 205,00 (travel and expenses are part of the fee) =
  // 41,00; amount due 250,10 − 41,00 = 209,10 €.
  const amounts = invoiceAmounts('ordinario', [hours(360, 30), lump('travel', 20), lump('expense', 5)], DAY);

  it('taxes every line at 22% and withholds on every line, travel and expenses included', () => {
    expect(amounts.regime_code).toBe('RF01');
    expect(amounts.lines.map((line) => [line.kind, line.total, line.vat_rate, line.nature, line.withholding])).toEqual([
      ['hours', 180, 22, null, true],
      ['travel', 20, 22, null, true],
      ['expense', 5, 22, null, true],
    ]);
    expect(amounts.summary).toEqual([{ vat_rate: 22, nature: null, taxable: 205, tax: 45.1, legal_reference: null }]);
  });

  it('withholds 20% as RT01, causale A, and asks the total less the withholding', () => {
    expect(amounts.withholding).toEqual({ type: 'RT01', rate: 20, causale: 'A', amount: 41 });
    expect(amounts).toMatchObject({ taxable: 205, vat: 45.1, stamp_duty: null, total: 250.1, amount_due: 209.1 });
    expect(amounts.notes).toEqual([]);
  });

  it('charges no stamp duty on an invoice with VAT, however large', () => {
    expect(invoiceAmounts('ordinario', [lump('travel', 500)], DAY).lines.map((line) => line.kind)).toEqual(['travel']);
  });
});

describe('rounding to the cent', () => {
  it('bills 8 h 20 min at 31,37 €/h as 261,42 € and rounds VAT and withholding half up', () => {
    // 261,42 × 22% = 57,5124 → 57,51; total 318,93. 261,42 × 20% = 52,284 → 52,28; due 318,93 − 52,28 = 266,65.
    const amounts = invoiceAmounts('ordinario', [hours(500, 31.37)], DAY);
    expect(amounts.lines[0]).toMatchObject({ quantity: 8.33333333, unit_price: 31.37, total: 261.42 });
    expect(amounts).toMatchObject({ taxable: 261.42, vat: 57.51, total: 318.93, amount_due: 266.65 });
    expect(amounts.withholding?.amount).toBe(52.28);
  });

  it('takes the VAT on the summary row, half a cent rounded up', () => {
    // Two lines of 50,10 and 50,15 = 100,25 €. Per line: 11,022 → 11,02 and 11,033 → 11,03, 22,05 in all; on the row
    // (as the SdI checks it): 100,25 × 22% = 22,055 → 22,06. Total 122,31; withholding 20,05; due 102,26.
    const amounts = invoiceAmounts('ordinario', [lump('travel', 50.1), lump('expense', 50.15)], DAY);
    expect(amounts.summary).toEqual([{ vat_rate: 22, nature: null, taxable: 100.25, tax: 22.06, legal_reference: null }]);
    expect(amounts).toMatchObject({ vat: 22.06, total: 122.31, amount_due: 102.26 });
    expect(amounts.withholding?.amount).toBe(20.05);
  });

  it('rounds a line given with more than two decimals to the cent it is billed at', () => {
    // 0,5 h at 2,01 €/h = 1,005 € → 1,01 (half up), though 1,005 × 100 is 100,4999… in binary floating point.
    const amounts = invoiceAmounts('forfettario', [{ ...lump('travel', 1.005), unit_price: 2.01, quantity: 0.5 }], DAY);
    expect(amounts.lines[0]?.total).toBe(1.01);
    expect([amounts.taxable, amounts.total]).toEqual([1.01, 1.01]);
  });
});

describe('a credit note', () => {
  it('has the amounts of the invoice it undoes, line for line, under either regime, issued weeks later', () => {
    // Forfettario: 293,52 + 2,00 duty = 295,52. Ordinario: 293,52 × 22% = 64,5744 → 64,57; total 358,09.
    const lines = [hours(500, 31.37), lump('travel', 24.6), lump('expense', 7.5)];
    for (const regime of ['forfettario', 'ordinario'] as const) {
      const invoice = invoiceAmounts(regime, lines, DAY);
      const note = invoiceAmounts(regime, lines, '2025-04-22');
      expect(note).toEqual(invoice);
      expect(note.total).toBe(regime === 'forfettario' ? 295.52 : 358.09);
    }
  });
});

describe('the due day', () => {
  // January 31 + 30 days: February has 28 days in 2025 (→ March 2) and 29 in 2024 (→ March 1). November 15 + 60: 15 days
  // to November 30, 31 to December 31, 14 more → January 14.
  it.each([
    ['2025-03-10', undefined, '2025-04-09'],
    ['2025-01-31', undefined, '2025-03-02'],
    ['2024-01-31', undefined, '2024-03-01'],
    ['2025-12-15', null, '2026-01-14'],
    ['2025-11-15', 60, '2026-01-14'],
    ['2025-11-15', 0, '2025-11-15'],
  ])("of an invoice issued on %s with the contract's %s days is %s (30 when it names none)", (issued, days, due) => {
    expect(invoiceDueOn(issued, days)).toBe(due);
  });
});
