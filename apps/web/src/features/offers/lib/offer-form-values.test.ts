import { MESSAGES, type TOffer, ZOfferFormSchema, ZOfferInputSchema } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { offerFormValues, offerSchemaInput } from './offer-form-values';
import { EMPTY_PAY_TERMS } from './pay-terms-form';

const offer = (dates: Pick<TOffer, 'date_from' | 'date_to'>): TOffer => ({
  id: 7,
  title: 'Turno domenicale',
  description: 'Apertura festiva',
  salary: '20 €/ora',
  denominazione_farmacia: 'Farmacia Colombo',
  gruppo: null,
  comune_farmacia: 'Milano',
  lat: null,
  lng: null,
  positions: 2,
  hourly_pay: 20.5,
  start_time: '08:30',
  end_time: '13:00',
  legal_forms: ['dipendente'],
  ccnl_level: '1',
  pay_terms: null,
  pay_totals: { dipendente: null, libera_professione: null },
  ...dates,
});

describe('offer dialog values', () => {
  it('start empty as a single day for a new offer', () => {
    expect(offerFormValues()).toEqual({
      title: '',
      description: '',
      duration: 'single',
      date_from: '',
      date_to: '',
      hourly_pay: '',
      start_time: '',
      end_time: '',
      salary: '',
      positions: '1',
      auto_invite: false,
      auto_invite_mode: 'matches',
      auto_invite_delay: '6',
      legal_form: 'dipendente',
      ccnl_level: '1',
      pay_terms: EMPTY_PAY_TERMS,
    });
  });

  it("start a new offer from the pharmacy's settings: hours, pay, places, and its note as the description", () => {
    const defaults = { start_time: '08:30', end_time: '13:00', hourly_pay: 22.5, positions: 2, note: 'Parcheggio nel cortile' };
    expect(offerFormValues(null, defaults)).toMatchObject({
      description: 'Parcheggio nel cortile',
      start_time: '08:30',
      end_time: '13:00',
      hourly_pay: '22.5',
      positions: '2',
      title: '',
      date_from: '',
    });
    // What the settings leave out stays as for any new offer; an edit never takes them.
    const none = { start_time: null, end_time: null, hourly_pay: null, positions: null, note: '' };
    expect(offerFormValues(null, none)).toEqual(offerFormValues());
    const edited = offer({ date_from: '2026-12-01', date_to: '2026-12-01' });
    expect(offerFormValues(edited, defaults)).toEqual(offerFormValues(edited));
    // The schema reads it as the form holds it.
    const input = ZOfferFormSchema.safeParse(
      offerSchemaInput({ ...offerFormValues(null, defaults), title: 'Sabato', date_from: '2099-03-07' }),
    );
    expect(input.success && input.data.hourly_pay).toBe(22.5);
  });

  it('read an offer of one day (or no dates) as a single day and a longer one as several days', () => {
    expect(offerFormValues(offer({ date_from: '2026-12-31', date_to: '2026-12-31' })).duration).toBe('single');
    expect(offerFormValues(offer({ date_from: null, date_to: null })).duration).toBe('single');
    expect(offerFormValues(offer({ date_from: '2026-12-01', date_to: '2026-12-05' }))).toMatchObject({
      duration: 'multi',
      date_from: '2026-12-01',
      date_to: '2026-12-05',
    });
  });

  it('send date_to = date_from in single-day mode, whatever the hidden end date held', () => {
    const values = { ...offerFormValues(offer({ date_from: '2026-12-01', date_to: '2026-12-05' })), duration: 'single' as const };
    expect(offerSchemaInput(values)).toMatchObject({ date_from: '2026-12-01', date_to: '2026-12-01' });
  });

  it('send empty dates as null, which the shared schema accepts (an open-ended offer)', () => {
    const input = offerSchemaInput({
      ...offerFormValues(),
      title: 'Sostituzione',
      description: 'Ferie estive',
      duration: 'multi',
    });
    expect(input).toMatchObject({ date_from: null, date_to: null });
    expect(ZOfferInputSchema.safeParse(input).success).toBe(true);
  });

  it('round-trip an edited offer through the shared schema unchanged', () => {
    const original = offer({ date_from: '2026-12-01', date_to: '2026-12-05' });
    const parsed = ZOfferInputSchema.parse(offerSchemaInput(offerFormValues(original)));
    expect(parsed).toEqual({
      title: original.title,
      description: original.description,
      date_from: original.date_from,
      date_to: original.date_to,
      hourly_pay: 20.5,
      start_time: '08:30',
      end_time: '13:00',
      salary: original.salary,
      positions: original.positions,
      legal_forms: ['dipendente'],
      ccnl_level: '1',
      pay_terms: null,
    });
  });

  it('ask our form for the hourly pay, which the API alone does not require (older clients)', () => {
    const values = { ...offerFormValues(), title: 'Turno', description: 'x' };
    const result = ZOfferFormSchema.safeParse(offerSchemaInput(values));
    expect(result.success ? null : result.error.issues.map((issue) => issue.path[0])).toEqual(['hourly_pay']);
    expect(ZOfferFormSchema.parse(offerSchemaInput({ ...values, hourly_pay: '20,50' })).hourly_pay).toBe(20.5);
  });

  it('let the shared schema refuse an end before the start, on the end date', () => {
    const result = ZOfferInputSchema.safeParse(
      offerSchemaInput({
        ...offerFormValues(),
        title: 'Turno',
        description: 'x',
        duration: 'multi',
        date_from: '2026-12-05',
        date_to: '2026-12-01',
      }),
    );
    expect(result.success ? null : [result.error.issues[0]?.path, result.error.issues[0]?.message]).toEqual([
      ['date_to'],
      MESSAGES.offerDateOrder,
    ]);
  });

  it('send the positions as typed: the shared schema reads 1–20 and refuses anything else on the field', () => {
    const values = { ...offerFormValues(), title: 'Turno', description: 'x' };
    expect(ZOfferInputSchema.parse(offerSchemaInput({ ...values, positions: '3' })).positions).toBe(3);
    for (const positions of ['0', '21', '2.5', 'due']) {
      const result = ZOfferInputSchema.safeParse(offerSchemaInput({ ...values, positions }));
      expect(result.success ? null : [result.error.issues[0]?.path, result.error.issues[0]?.message]).toEqual([
        ['positions'],
        MESSAGES.offerPositions,
      ]);
    }
  });
});

describe("'Invita i farmacisti disponibili'", () => {
  const filled = {
    ...offerFormValues(),
    title: 'Sostituzione',
    description: 'Ferie estive',
    date_from: '2099-08-01',
    date_to: '2099-08-01',
    hourly_pay: '18',
  };

  it('sends nothing unticked, the mode ticked, and the delay only for "prima i miei farmacisti"', () => {
    expect(offerSchemaInput(filled).auto_invite).toBeUndefined();
    expect(offerSchemaInput({ ...filled, auto_invite: true }).auto_invite).toEqual({ mode: 'matches', delay_hours: undefined });
    const favouritesFirst = ZOfferInputSchema.parse(
      offerSchemaInput({ ...filled, auto_invite: true, auto_invite_mode: 'favourites_first', auto_invite_delay: '12' }),
    );
    expect(favouritesFirst.auto_invite).toEqual({ mode: 'favourites_first', delay_hours: 12 });
  });

  it('refuses a delay outside 1–72 hours, as the server does', () => {
    for (const delay of ['0', '73', '1.5', ''])
      expect(
        ZOfferFormSchema.safeParse(
          offerSchemaInput({ ...filled, auto_invite: true, auto_invite_mode: 'favourites_first', auto_invite_delay: delay }),
        ).success,
      ).toBe(false);
  });
});
