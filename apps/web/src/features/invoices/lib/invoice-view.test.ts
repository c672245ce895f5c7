import { describe, expect, it } from 'vitest';
import {
  daysLabel,
  invoiceStateLabel,
  invoiceStateTone,
  mayCreditInvoice,
  mayPayInvoice,
  maySendInvoice,
  mayWriteForInvoice,
  monthLabel,
  overdueFirst,
  pdfFileName,
  yearFromParam,
  yearOptions,
} from './invoice-view';

const invoice = (state: 'emessa' | 'inviata' | 'pagata' | 'scaduta' | 'stornata', more: object = {}) => ({
  kind: 'fattura' as const,
  state,
  due_on: '2030-07-31',
  paid_on: null as string | null,
  sent_at: null as string | null,
  ...more,
});

describe('invoice state', () => {
  it('says the day a paid invoice was paid and since when an overdue one is late', () => {
    expect(invoiceStateLabel(invoice('pagata', { paid_on: '2030-07-20' }))).toBe('Pagata il 20/07/2030');
    expect(invoiceStateLabel(invoice('scaduta'))).toBe('Scaduta dal 01/08/2030');
    expect(invoiceStateLabel(invoice('inviata'))).toBe('Inviata allo SdI');
    expect(invoiceStateLabel(invoice('stornata'))).toBe('Stornata');
  });

  it('names a credit note as such, whatever its state', () => {
    const note = { ...invoice('emessa'), kind: 'nota_di_credito' as const };
    expect(invoiceStateLabel(note)).toBe('Nota di credito');
    expect(invoiceStateTone(note)).toBe('neutral');
  });

  it('gives overdue the alarming tone and paid the good one', () => {
    expect(invoiceStateTone(invoice('scaduta'))).toBe('over');
    expect(invoiceStateTone(invoice('pagata'))).toBe('good');
  });
});

describe('actions by state', () => {
  it('marks sent only an open invoice not marked sent yet', () => {
    expect(maySendInvoice(invoice('emessa'))).toBe(true);
    expect(maySendInvoice(invoice('scaduta'))).toBe(true);
    expect(maySendInvoice(invoice('scaduta', { sent_at: '2030-07-02T10:00:00Z' }))).toBe(false);
    expect(maySendInvoice(invoice('pagata'))).toBe(false);
    expect(maySendInvoice({ ...invoice('emessa'), kind: 'nota_di_credito' as const })).toBe(false);
  });

  it('credits and marks paid neither a paid nor a credited invoice nor a credit note', () => {
    for (const state of ['emessa', 'inviata', 'scaduta'] as const) {
      expect(mayCreditInvoice(invoice(state))).toBe(true);
      expect(mayPayInvoice(invoice(state))).toBe(true);
    }
    for (const state of ['pagata', 'stornata'] as const) {
      expect(mayCreditInvoice(invoice(state))).toBe(false);
      expect(mayPayInvoice(invoice(state))).toBe(false);
    }
    expect(mayPayInvoice({ ...invoice('emessa'), kind: 'nota_di_credito' as const })).toBe(false);
  });
});

describe('the owner’s list', () => {
  it('puts the overdue ones first, longest overdue at the top, and keeps the others’ order', () => {
    const list = [
      { id: 1, state: 'inviata' as const, due_on: '2030-09-01' },
      { id: 2, state: 'scaduta' as const, due_on: '2030-07-31' },
      { id: 3, state: 'pagata' as const, due_on: '2030-06-30' },
      { id: 4, state: 'scaduta' as const, due_on: '2030-06-15' },
    ];
    expect(overdueFirst(list).map((item) => item.id)).toEqual([4, 2, 1, 3]);
  });

  it('lets a consultazione of every named pharmacy only read', () => {
    const named = { pharmacies: [{ id: 7, name: 'Farmacia A' }] };
    expect(mayWriteForInvoice(named, [{ id: 7, can_write: false }])).toBe(false);
    expect(mayWriteForInvoice(named, [{ id: 7, can_write: true }])).toBe(true);
    expect(
      mayWriteForInvoice({ pharmacies: [...named.pharmacies, { id: 8, name: 'B' }] }, [
        { id: 7, can_write: false },
        { id: 8, can_write: true },
      ]),
    ).toBe(true);
    expect(mayWriteForInvoice(named, undefined)).toBe(true);
  });
});

describe('labels and the year', () => {
  it('names months and days in Italian', () => {
    expect(monthLabel('2030-06')).toBe('giugno 2030');
    expect(daysLabel('2030-06-03', '2030-06-03')).toBe('03/06/2030');
    expect(daysLabel('2030-06-03', '2030-06-05')).toBe('03/06/2030–05/06/2030');
  });

  it('reads the year from the address, else this year in Italy', () => {
    const newYearsEveInRome = new Date('2030-12-31T23:30:00Z');
    expect(yearFromParam('2029', newYearsEveInRome)).toBe(2029);
    expect(yearFromParam('29', newYearsEveInRome)).toBe(2031);
    expect(yearFromParam(null, newYearsEveInRome)).toBe(2031);
    expect(yearOptions(2031, newYearsEveInRome)).toEqual([2031, 2030, 2029, 2028, 2027]);
    expect(yearOptions(2020, newYearsEveInRome)).toEqual([2031, 2030, 2029, 2028, 2027, 2020]);
  });

  it('names the PDF copy after the XML', () => {
    expect(pdfFileName('IT01234567890_000a1.xml')).toBe('IT01234567890_000a1.pdf');
  });
});
