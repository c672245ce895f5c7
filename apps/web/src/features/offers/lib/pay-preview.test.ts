import { FAIR_PAY_TEXT } from '@farmaponte/shared/fair-pay';
import { PAY_TEXT } from '@farmaponte/shared/ui-text-pay';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PayPreview } from '../components/pay-preview';
import { offerFormValues, type TOfferFormValues } from './offer-form-values';
import { patronIstatOf, payPreview, payWarning } from './pay-preview';
import { EMPTY_PAY_TERMS } from './pay-terms-form';

const TODAY = '2026-11-29';

/** A Sunday night in Milan into Sant'Ambrogio (the golden case of the shared pay tests). */
const night: TOfferFormValues = {
  ...offerFormValues(),
  date_from: '2026-12-06',
  date_to: '2026-12-06',
  start_time: '20:00',
  end_time: '08:30',
  hourly_pay: '11.39',
  pay_terms: { ...EMPTY_PAY_TERMS, night_service: 'battenti_aperti' },
};

/** The rows of the rendered preview as a wide screen shows them (what only a phone shows left out), each cell's text. */
const rowsOf = (html: string) =>
  [...html.replace(/<(span|th)[^>]*class="[^"]*\bsm:hidden\b[^"]*"[^>]*>.*?<\/\1>/g, '').matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map(
    (row) => [...(row[1] ?? '').matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map((cell) => cell[1]?.replace(/<[^>]+>/g, '')),
  );

describe('the offer form’s hour-by-hour preview', () => {
  it('shows each offered form’s lines and total, the patron saint of the pharmacy’s comune included', () => {
    const values = {
      ...night,
      legal_form: 'entrambe' as const,
      pay_terms: { ...night.pay_terms, fee_hourly: '30', night_fee: '40' },
    };
    const preview = payPreview(values, patronIstatOf('Milano'));
    expect(preview.map((p) => [p.form, p.total])).toEqual([
      ['dipendente', 180.57],
      // The freelancer's night fee from 20:00 (the whole shift is night service): 12,5 h × 40.
      ['libera_professione', 500],
    ]);
    expect(rowsOf(renderToStaticMarkup(createElement(PayPreview, { preview })))).toEqual([
      [PAY_TEXT.columnDay, PAY_TEXT.columnHours, PAY_TEXT.columnWhat, PAY_TEXT.columnRate, PAY_TEXT.columnAmount],
      ['dom 06/12', '20:00–24:00', 'Notte, prime 8 ore (battenti aperti)', '13,67', '54,68 €'],
      ['lun 07/12', '00:00–08:30', 'Festa patronale (Sant&#x27;Ambrogio)', '14,81', '125,89 €'],
      ['Totale', '180,57 €'],
      [PAY_TEXT.columnDay, PAY_TEXT.columnHours, PAY_TEXT.columnWhat, PAY_TEXT.columnRate, PAY_TEXT.columnAmount],
      ['dom 06/12', '20:00–24:00', 'Notte, prime 8 ore (battenti aperti)', '40,00', '160,00 €'],
      ['lun 07/12', '00:00–04:00', 'Notte, prime 8 ore (battenti aperti)', '40,00', '160,00 €'],
      ['lun 07/12', '04:00–08:30', 'Notte, oltre le 8 ore (battenti aperti)', '40,00', '180,00 €'],
      ['Totale', '500,00 €'],
    ]);
    // Elsewhere the holiday is not known: the night's supplement all through (12,5 h at 13,67), unless the owner marks the day.
    expect(payPreview(night, patronIstatOf('Chiavenna'))[0]?.total).toBe(170.88);
    const marked = { ...night, pay_terms: { ...night.pay_terms, extra_holidays: ['2026-12-07'] } };
    expect(payPreview(marked, null)[0]?.total).toBe(180.57);
  });

  it('says what is missing until the offer has days and hours', () => {
    const preview = payPreview({ ...night, start_time: '' }, null);
    expect(preview).toEqual([]);
    expect(renderToStaticMarkup(createElement(PayPreview, { preview }))).toContain(PAY_TEXT.previewNeedsHours);
  });
});

describe('the fair-pay warning, like with like', () => {
  const day = {
    ...night,
    start_time: '09:00',
    end_time: '13:00',
    date_from: '2026-12-09',
    date_to: '2026-12-09',
    pay_terms: EMPTY_PAY_TERMS,
  };
  const warningOf = (values: TOfferFormValues) => payWarning(values, payPreview(values, null), TODAY);

  it('says what it always said for a plain day below the first level’s minimum, and nothing at the minimum', () => {
    expect(warningOf({ ...day, hourly_pay: '10' })).toBe(FAIR_PAY_TEXT.below(10));
    expect(warningOf({ ...day, hourly_pay: '11.39' })).toBeNull();
    // Without days or hours, the hourly pay alone, as before.
    expect(warningOf({ ...day, date_from: '', hourly_pay: '10' })).toBe(FAIR_PAY_TEXT.below(10));
  });

  it('names the hours paid under their own minimum: a freelancer’s night at a day’s fee, a higher level', () => {
    // 12 €/h is above the day's minimum, but an employee's night is 11,39 × 1,20 = 13,67; an employee's 12 gets 14,40.
    const freelance = { ...night, legal_form: 'libera_professione' as const, hourly_pay: '12' };
    expect(warningOf(freelance)).toBe(PAY_TEXT.belowMinimum('libera_professione', '06/12/2026', '20:00', '24:00', 12, 13.67));
    expect(warningOf({ ...freelance, pay_terms: { ...freelance.pay_terms, night_fee: '15' } })).toBeNull();
    expect(warningOf({ ...night, hourly_pay: '12' })).toBeNull();
    expect(warningOf({ ...day, ccnl_level: 'Q1', hourly_pay: '12' })).toBe(
      PAY_TEXT.belowMinimum('dipendente', '09/12/2026', '09:00', '13:00', 12, 13.56),
    );
    expect(warningOf({ ...day, date_from: '', ccnl_level: 'Q1', hourly_pay: '12' })).toBe(PAY_TEXT.belowLevelMinimum(12, 13.56));
  });
});
