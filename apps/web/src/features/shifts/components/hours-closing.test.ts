import type { TShiftClosing, TWorkedShift } from '@farmaponte/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HoursClosing, hoursStateLabel, ownerMayConfirm } from './hours-closing';

/** A freelance shift on 2 March 2026, its hours open until 19 March (last day + 14 + 3). */
function shift(closing: Partial<TShiftClosing> = {}, review: TWorkedShift['review'] = null): TWorkedShift {
  return {
    application_id: 7,
    offer: {
      id: 3,
      title: 'Mattina di turno',
      date_from: '2026-03-02',
      date_to: '2026-03-02',
      start_time: '09:00',
      end_time: '13:00',
      hourly_pay: 30,
    },
    pharmacy: { name: 'Farmacia Centrale', comune: 'Milano' },
    pharmacist: { id: 9, name: 'Giulia', surname: 'Bianchi' },
    days: [],
    minutes: 240,
    gross: 120,
    pay: {
      legal_form: 'libera_professione',
      hourly: 30,
      agreed: false,
      lines: [],
      total: 120,
      travel: null,
      lodging: null,
      grand_total: 120,
    },
    days_without_hours: 0,
    review,
    correctable_until: '2026-03-16',
    can_correct: false,
    closing: {
      state: 'in_corso',
      confirmed_by: null,
      confirms_on: '2026-03-19',
      invoiceable: false,
      legal_form: 'libera_professione',
      expenses: [],
      invoice: null,
      ...closing,
    },
  };
}

/** What the block says, as text (tags dropped), on one side. */
function textOf(worked: TWorkedShift, side: 'mine' | 'owner'): string {
  const html = renderToStaticMarkup(
    createElement(QueryClientProvider, { client: new QueryClient() }, createElement(HoursClosing, { shift: worked, side })),
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const disputed = {
  status: 'disputed' as const,
  note: 'Sono uscita alle 13',
  corrected_at: '2026-03-03T10:00:00Z',
  decided_at: null,
};

describe("the hours' state on a worked shift", () => {
  it('names each state in Italian', () => {
    expect(hoursStateLabel(shift().closing)).toBe('Ore in corso');
    expect(hoursStateLabel(shift({ state: 'da_confermare' }).closing)).toBe('Da confermare');
    expect(hoursStateLabel(shift({ state: 'contestate' }).closing)).toBe('Contestate');
    expect(hoursStateLabel(shift({ state: 'confermate', confirmed_by: 'titolare' }).closing)).toBe('Confermate dalla farmacia');
    expect(hoursStateLabel(shift({ state: 'confermate', confirmed_by: 'automatica' }).closing)).toBe(
      'Confermate automaticamente il 19/03/2026',
    );
  });

  it('tells her, while open, the day they confirm themselves if the pharmacy does not answer; the owner, if he does not', () => {
    expect(textOf(shift({ state: 'da_confermare' }), 'mine')).toBe(
      'Stato delle ore: Da confermare Se la farmacia non risponde, si confermano da sole il 19/03/2026.',
    );
    expect(textOf(shift({ state: 'da_confermare' }), 'owner')).toBe(
      'Stato delle ore: Da confermare Se non rispondi, si confermano da sole il 19/03/2026.',
    );
  });

  it('says nothing of a day once confirmed, and tells her when they are ready for the invoice', () => {
    const ready = shift({ state: 'confermate', confirmed_by: 'automatica', invoiceable: true });
    expect(textOf(ready, 'mine')).toBe('Stato delle ore: Confermate automaticamente il 19/03/2026 Pronte per la fattura.');
    expect(textOf(ready, 'owner')).toBe('Stato delle ore: Confermate automaticamente il 19/03/2026');
  });

  it('names the invoice that bills them, and the owner may no longer confirm them', () => {
    const invoiced = shift({ state: 'contestate', invoice: { id: 4, number: '3/FP', status: 'emessa' } }, disputed);
    expect(textOf(invoiced, 'mine')).toContain('In fattura n. 3/FP');
    expect(textOf(invoiced, 'owner')).not.toContain('Conferma ore');
  });

  it("offers the owner 'Conferma ore' for hours never corrected once the shift is over, or disputed before", () => {
    expect(ownerMayConfirm(shift(), '2026-03-02')).toBe(true);
    expect(ownerMayConfirm(shift(), '2026-03-01')).toBe(false);
    expect(ownerMayConfirm(shift({ state: 'contestate' }, disputed), '2026-03-10')).toBe(true);
    const corrected = { ...disputed, status: 'pending' as const };
    expect(ownerMayConfirm(shift({ state: 'da_confermare' }, corrected), '2026-03-10')).toBe(false);
    expect(ownerMayConfirm(shift({ state: 'confermate', confirmed_by: 'titolare' }), '2026-03-10')).toBe(false);
    // Drawn only on his side, with the words of each case.
    expect(textOf(shift({ state: 'contestate' }, disputed), 'owner')).toContain(
      'Hai contestato le ore: se avete chiarito, puoi confermarle. Conferma ore',
    );
    expect(textOf(shift({ state: 'contestate' }, disputed), 'mine')).not.toContain('Conferma ore');
  });
});
