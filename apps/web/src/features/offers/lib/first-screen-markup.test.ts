import type { TOfferSearchResult } from '@farmaponte/shared';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OfferSearchList } from '../components/offer-search-list';
import { FIRST_SCREEN_ROWS, offerRowsHtml, searchFirstScreenHtml } from './first-screen-markup';

const offer = (overrides: Partial<TOfferSearchResult>): TOfferSearchResult => ({
  id: 1,
  title: 'Turno domenicale',
  description: 'Banco e ricette.',
  salary: '',
  date_from: '2026-12-06',
  date_to: '2026-12-06',
  denominazione_farmacia: 'Farmacia Centrale',
  gruppo: null,
  comune_farmacia: 'Milano',
  lat: 45.46,
  lng: 9.19,
  positions: 1,
  hourly_pay: 20,
  start_time: null,
  end_time: null,
  legal_forms: ['dipendente'],
  ccnl_level: '1',
  pay_terms: null,
  pay_totals: { dipendente: null, libera_professione: null },
  urgent: false,
  ...overrides,
});

/**
 * Rows with every variant a row has: dates or none, pay or none, a distance, no position, an application's status, a
 * pharmacy's rating or none, text to escape.
 */
const OFFERS: TOfferSearchResult[] = [
  offer({}),
  offer({ id: 9, title: 'Turno urgente', urgent: true }),
  offer({
    id: 2,
    date_from: '2026-12-01',
    date_to: '2026-12-24',
    hourly_pay: 18.5,
    distance_km: 3.4,
    my_application_status: 'seen',
    pharmacy_rating: { count: 12, average: 4.6 },
    legal_forms: ['dipendente', 'libera_professione'],
    // The search's total with the searcher's travel (decision 094).
    ...{ total_pay: 1234.56, travel_pay: 40 },
  }),
  offer({
    id: 3,
    date_from: null,
    date_to: '2027-01-10',
    hourly_pay: null,
    lat: null,
    lng: null,
    my_application_status: null,
    ...{ total_pay: 96, travel_pay: null },
  }),
  offer({
    id: 4,
    date_from: null,
    date_to: null,
    my_application_status: 'withdrawn',
    pharmacy_rating: { count: 0, average: null },
  }),
  offer({
    id: 5,
    title: '<script>alert("x")</script> & \'Sostituzione\'',
    denominazione_farmacia: 'Farmacia "Dell\'Angelo" <b>',
    comune_farmacia: "Sant'Angelo & Co",
    date_from: '2026-12-01',
    date_to: null,
  }),
];

const reactRows = (offers: readonly TOfferSearchResult[]) =>
  renderToStaticMarkup(
    createElement(OfferSearchList, {
      offers,
      expandedId: null,
      onToggle: () => undefined,
      canApply: true,
      onApply: () => undefined,
      applyingId: null,
      statusOf: (row: TOfferSearchResult) => row.my_application_status ?? null,
      stale: false,
      onShowOnMap: () => undefined,
    }),
  );

describe("the search page's first screen, drawn before the app", () => {
  it("draws the list's rows exactly as the app renders them, so the app's page replaces them without a change", () => {
    expect(offerRowsHtml(OFFERS)).toBe(reactRows(OFFERS));
    expect(offerRowsHtml([])).toBe(reactRows([]));
    // The total pay, about, in whole euros; travel said when it is in it (decision 094).
    expect(offerRowsHtml(OFFERS)).toContain('>Totale circa 1235 €, viaggio incluso</span>');
    expect(offerRowsHtml(OFFERS)).toContain('>Totale circa 96 €</span>');
  });

  it('escapes what the offers say: their text is shown, never read as markup', () => {
    const html = offerRowsHtml(OFFERS);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;Sostituzione&#x27;');
  });

  it('says how many offers the search found and which page this is, in words, with the rows of the page', () => {
    const page = { count: 43210, next: null, previous: null, results: OFFERS };
    const html = searchFirstScreenHtml(page, 3, false);
    expect(html).toContain('Farmacie che Cercano Personale');
    expect(html).toContain('43.210 offerte · pagina 3 di 2161');
    expect(html).toContain(offerRowsHtml(OFFERS));
    expect(searchFirstScreenHtml({ ...page, count: 1, results: [offer({})] }, 1, false)).toContain('>1 offerta</p>');
  });

  it('draws the first rows of a full page only, in its order (the app adds the rest below them)', () => {
    const results = Array.from({ length: 20 }, (_, n) => offer({ id: n + 1, title: `Turno ${n + 1}` }));
    const html = searchFirstScreenHtml({ count: 20, next: null, previous: null, results }, 1, false);
    expect(FIRST_SCREEN_ROWS).toBe(10);
    expect(html).toContain(offerRowsHtml(results.slice(0, 10)));
    expect(html.match(/<li>/g)?.length).toBe(10);
    expect(html).not.toContain('Turno 11<');
  });

  it("keeps room for a pharmacist's saved searches, which the app adds to the card", () => {
    const page = { count: 1, next: null, previous: null, results: [offer({})] };
    const boxes = (html: string) => html.match(/<div aria-hidden="true" class="rounded-lg bg-slate-100/g)?.length ?? 0;
    expect(boxes(searchFirstScreenHtml(page, 1, true))).toBe(boxes(searchFirstScreenHtml(page, 1, false)) + 1);
  });
});
