/**
 * Pay as agreed on the search page (decision 094): a row's "Totale circa", the sort by total pay and its filter. Apart
 * from ui-text-pay.ts (which re-exports it) so the search page and its first screen carry these few words only.
 */
/**
 * A row's total for the whole shift (the best form's, or the form filtered by), beside the hourly rate: apart, as the
 * page's first script draws the rows too (decision 057) and every page's HTML carries that script.
 */
export const PAY_ROW_TEXT = {
  totalAbout: (euros: string) => `Totale circa ${euros} €`,
  totalAboutWithTravel: (euros: string) => `Totale circa ${euros} €, viaggio incluso`,
} as const;

export const PAY_SEARCH_TEXT = {
  sortTotal: 'Paga totale',
  minTotalLabel: 'Totale minimo (€)',
  minTotalSummary: (euros: string) => `totale almeno ${euros} €`,
} as const;
