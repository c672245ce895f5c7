import { PAY_MESSAGES, type TOffer, type TPayTermsOut, ZOfferInputSchema } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { offerFormValues, offerSchemaInput } from './offer-form-values';
import { EMPTY_PAY_TERMS, payTermsFieldOf, payTermsInput } from './pay-terms-form';
import { offerResolver } from './resolvers';

const terms: TPayTermsOut = {
  night_service: 'battenti_chiusi',
  night_from: '22:00',
  fee_hourly: 30,
  night_fee: 38.5,
  holiday_fee: 40,
  extra_holidays: ['2099-08-16'],
  travel_mode: 'km',
  travel_amount: null,
  travel_per_km: 0.3,
  travel_cap: 60,
  travel_per_day: true,
  lodging_nights: 2,
  lodging_note: 'Camera sopra la farmacia',
  negotiation_max_hourly: 35,
  negotiation_max_travel: 80,
};

const offer = (overrides: Partial<TOffer> = {}): TOffer => ({
  id: 7,
  title: 'Notti di Ferragosto',
  description: 'Servizio notturno a chiamata',
  salary: '',
  date_from: '2099-08-15',
  date_to: '2099-08-17',
  denominazione_farmacia: 'Farmacia Colombo',
  gruppo: null,
  comune_farmacia: 'Chiavenna',
  lat: null,
  lng: null,
  positions: 1,
  hourly_pay: 25,
  start_time: '20:00',
  end_time: '08:00',
  legal_forms: ['dipendente', 'libera_professione'],
  ccnl_level: '1',
  pay_terms: terms,
  pay_totals: { dipendente: null, libera_professione: null },
  ...overrides,
});

describe("'Paga e condizioni' to and from pay_terms", () => {
  it('reads an offer’s terms into the form and sends them back unchanged, overnight hours included', () => {
    const values = offerFormValues(offer());
    expect(values.pay_terms).toMatchObject({ night_service: 'battenti_chiusi', fee_hourly: '30', travel_per_km: '0.3' });
    expect(ZOfferInputSchema.parse(offerSchemaInput(values)).pay_terms).toEqual(terms);
    // Typed the Italian way, the schema reads the comma.
    const typed = { ...values, pay_terms: { ...values.pay_terms, night_fee: '38,50' } };
    expect(ZOfferInputSchema.parse(offerSchemaInput(typed)).pay_terms?.night_fee).toBe(38.5);
  });

  it('sends null when nothing is set, and clears an offer’s terms when the owner empties them', () => {
    expect(payTermsInput(EMPTY_PAY_TERMS, { freelance: true })).toBeNull();
    const emptied = { ...offerFormValues(offer({ end_time: '23:00' })), pay_terms: { ...EMPTY_PAY_TERMS, travel_per_day: true } };
    expect(ZOfferInputSchema.parse(offerSchemaInput(emptied)).pay_terms).toBeNull();
    expect(offerFormValues(offer({ pay_terms: null })).pay_terms).toEqual(EMPTY_PAY_TERMS);
  });

  it('leaves out what does not apply: a freelancer’s fees on an employee offer, the other travel mode’s figures, night_from by day', () => {
    const values = {
      ...EMPTY_PAY_TERMS,
      night_from: '22:00',
      night_fee: '40',
      holiday_fee: '45',
      fee_hourly: '30',
      travel_mode: 'fisso' as const,
      travel_amount: '25',
      travel_per_km: '0.3',
      travel_cap: '60',
      lodging_note: 'senza notti',
    };
    expect(payTermsInput(values, { freelance: false })).toEqual({
      night_service: null,
      night_from: null,
      fee_hourly: null,
      night_fee: null,
      holiday_fee: null,
      extra_holidays: [],
      travel_mode: 'fisso',
      travel_amount: '25',
      travel_per_km: null,
      travel_cap: null,
      travel_per_day: false,
      lodging_nights: null,
      lodging_note: '',
      negotiation_max_hourly: null,
      negotiation_max_travel: null,
    });
    expect(payTermsInput(values, { freelance: true })).toMatchObject({ night_fee: '40', holiday_fee: '45', fee_hourly: '30' });
  });

  it('puts the schema’s and the server’s refusals on the field they name', async () => {
    const values = offerFormValues(offer());
    const low = { ...values, pay_terms: { ...values.pay_terms, negotiation_max_hourly: '30' } };
    const result = await offerResolver(low, undefined, { fields: {}, shouldUseNativeValidation: false } as never);
    expect(result.errors.pay_terms?.negotiation_max_hourly?.message).toBe(PAY_MESSAGES.negotiationMaxHourly);
    // Without night service the shift must end the same day, said on the end time (20:00–08:00 is refused).
    const byDay = { ...values, pay_terms: { ...values.pay_terms, night_service: '' as const } };
    const refused = await offerResolver(byDay, undefined, { fields: {}, shouldUseNativeValidation: false } as never);
    expect(Object.keys(refused.errors)).toEqual(['end_time']);
    expect(payTermsFieldOf('pay_terms.night_fee')).toBe('pay_terms.night_fee');
    expect(payTermsFieldOf('pay_terms.nonsense')).toBeUndefined();
    expect(payTermsFieldOf('hourly_pay')).toBeUndefined();
  });
});
