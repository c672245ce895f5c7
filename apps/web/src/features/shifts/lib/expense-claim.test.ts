import { HOURS_CLOSING } from '@farmaponte/shared';
import { formatAmount } from '@farmaponte/shared/italian-figures';
import { INVOICE_MESSAGES as M } from '@farmaponte/shared/messages-invoices';
import { EXPENSES_TEXT as T } from '@farmaponte/shared/ui-text-expenses';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { ExpenseFields } from '../components/expense-form';
import { readExpense, refusalErrors, type TExpenseErrors, type TExpenseValues } from './expense-claim';

const pdf = (bytes = 1000) => new File([new Uint8Array(bytes)], 'ricevuta.pdf', { type: 'application/pdf' });

const parking = (change: Partial<TExpenseValues> = {}): TExpenseValues => ({
  kind: 'parcheggio',
  description: 'Parcheggio di via Roma',
  amount: '12,50',
  spentOn: '2026-03-02',
  receipt: pdf(),
  ...change,
});

/** The form's fields as the page draws them, with these errors. */
function fieldsHtml(errors: TExpenseErrors): string {
  return renderToStaticMarkup(
    createElement(ExpenseFields, {
      id: 'spesa',
      values: parking(),
      errors,
      first: '2026-03-02',
      latest: '2026-03-02',
      onChange: () => undefined,
    }),
  );
}

/** The texts a control is described by (its hint, its error), in order, as a screen reader reads them after its name. */
function descriptionOf(html: string, controlId: string): string[] {
  const control = html.match(new RegExp(`<(?:input|select)[^>]*\\bid="${controlId}"[^>]*>`))?.[0] ?? '';
  const ids = control.match(/aria-describedby="([^"]*)"/)?.[1]?.split(' ') ?? [];
  return ids.map((id) =>
    (html.match(new RegExp(`<(\\w+)[^>]*\\bid="${id}"[^>]*>([^<]*)</\\1>`))?.[2] ?? '').replace(/&#x27;/g, "'"),
  );
}

/** Whether the control with this id is marked invalid, and its error is drawn after it (under it on the page). */
function errorUnder(html: string, controlId: string): boolean {
  const control = html.search(new RegExp(`<(?:input|select)[^>]*\\bid="${controlId}"[^>]*aria-invalid="true"`));
  const error = html.indexOf(`id="${controlId}-error"`);
  return control >= 0 && error > control;
}

describe('her expense, read before sending', () => {
  it('sends a parking with an Italian decimal amount and its receipt', () => {
    const read = readExpense(parking());
    expect(read).toEqual({
      ok: true,
      fields: { kind: 'parcheggio', description: 'Parcheggio di via Roma', amount: 12.5, spent_on: '2026-03-02' },
      receipt: expect.any(File),
    });
  });

  it('refuses an amount over the cap with the shared message, and nothing is sent', () => {
    const over = formatAmount(HOURS_CLOSING.expenseMaxAmount + 0.01);
    const read = readExpense(parking({ amount: over }));
    expect(read).toEqual({ ok: false, errors: { amount: M.expenseAmount } });
    // The cap itself is allowed.
    expect(readExpense(parking({ amount: formatAmount(HOURS_CLOSING.expenseMaxAmount) })).ok).toBe(true);
  });

  it('refuses an empty amount or description, three decimals, and a receipt missing, of the wrong type or too large', () => {
    expect(readExpense(parking({ amount: '', description: '  ' }))).toEqual({
      ok: false,
      errors: { amount: M.expenseAmount, description: M.expenseDescription },
    });
    expect(readExpense(parking({ amount: '1,234' }))).toEqual({ ok: false, errors: { amount: M.expenseAmount } });
    expect(readExpense(parking({ receipt: null }))).toEqual({ ok: false, errors: { receipt: M.receiptMissing } });
    const word = new File(['x'], 'ricevuta.docx', { type: 'application/msword' });
    expect(readExpense(parking({ receipt: word }))).toEqual({ ok: false, errors: { receipt: M.receiptType } });
    expect(readExpense(parking({ receipt: pdf(HOURS_CLOSING.receiptMaxBytes + 1) }))).toEqual({
      ok: false,
      errors: { receipt: M.receiptTooLarge },
    });
  });
});

describe("the server's refusal of her expense", () => {
  it("shows each field's error under its own field, tied to it for a screen reader", () => {
    const refused = new ApiError(400, 'Controlla i campi evidenziati.', 'validation_error', {
      description: M.expenseDescription,
      spent_on: M.expenseDay,
    });
    const html = fieldsHtml(refusalErrors(refused));
    expect(descriptionOf(html, 'spesa-descrizione')).toEqual([T.descriptionHint, M.expenseDescription]);
    expect(errorUnder(html, 'spesa-descrizione')).toBe(true);
    expect(descriptionOf(html, 'spesa-giorno')).toEqual([M.expenseDay]);
    expect(errorUnder(html, 'spesa-giorno')).toBe(true);
    // The fields the server did not name stay as they were.
    expect(descriptionOf(html, 'spesa-importo')).toEqual([T.amountHint]);
    expect(html).not.toContain('id="spesa-importo-error"');
  });

  it("shows the receipt's refusal (type, size) under the receipt", () => {
    const html = fieldsHtml(refusalErrors(new ApiError(415, M.receiptType, 'receipt_type')));
    expect(descriptionOf(html, 'spesa-ricevuta')).toEqual(['ricevuta.pdf', T.receiptHint, M.receiptType]);
    expect(errorUnder(html, 'spesa-ricevuta')).toBe(true);
  });

  it("gives a refusal of the whole claim (the window closed) to the form, and a failure without an answer the form's words", () => {
    expect(refusalErrors(new ApiError(409, M.expenseWindowClosed, 'expenses_window_closed'))).toEqual({
      form: M.expenseWindowClosed,
    });
    expect(refusalErrors(new TypeError('Failed to fetch'))).toEqual({ form: T.claimFailed });
  });
});
