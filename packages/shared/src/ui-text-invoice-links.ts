/**
 * The links to the invoices' pages (decision 095), which are also their titles: a module of their own, as the web build
 * copies a small shared module whole into each page that uses it, and the dashboard and the worked shifts need only these.
 */
export const INVOICE_LINK_TEXT = {
  pharmacist: 'Fatture',
  owner: 'Fatture ricevute',
} as const;
