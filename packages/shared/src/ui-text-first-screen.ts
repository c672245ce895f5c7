/**
 * The texts of /cerca_offerte's first screen: the page's title, the count of offers found and the rows of the list.
 * Part of UI_TEXT (which spreads them), and importable alone by the page's first script, which draws that screen from
 * the list's first answer before the app's code has arrived (docs/decisions/057): the whole catalogue would add its
 * 30 KB to every page's HTML.
 */
import { formatCount } from './italian-figures';

export const FIRST_SCREEN_TEXT = {
  brand: 'Farmaponte',
  loading: 'Caricamento...',
  menu: 'Menu',
  searchOffersTitle: 'Farmacie che Cercano Personale',
  offersFound: (count: number) => (count === 1 ? '1 offerta' : `${formatCount(count)} offerte`),
  // The list in pages (docs/decisions/037)
  searchPageStatus: (page: number, pages: number) => `pagina ${page} di ${pages}`,
  offerHourlyPay: (euros: string) => `${euros} €/ora`,
  /** The pharmacy's rating on a search row (decision 074): "4,5 ★ · 12 recensioni". */
  offerRating: (average: number, count: number) =>
    `${average.toFixed(1).replace('.', ',')} ★ · ${count === 1 ? '1 recensione' : `${count} recensioni`}`,
  offerDistance: (km: string) => `${km} km`,
  /** An urgent shift's pill on its row (decision 096), listed first. */
  urgentBadge: 'Urgente',
  offerPeriod: (from: string, to: string) => `Dal ${from} al ${to}`,
  offerPeriodDay: (day: string) => `Il ${day}`,
  offerPeriodFrom: (from: string) => `Dal ${from}`,
  offerPeriodUntil: (to: string) => `Fino al ${to}`,
  applicationStatusNames: {
    sent: 'Inviata',
    seen: 'Vista dal titolare',
    accepted: 'Accettata',
    rejected: 'Non selezionata',
    withdrawn: 'Ritirata',
  },
  applicationStatusOnSearch: (status: string) => `Candidatura: ${status}`,
} as const;
