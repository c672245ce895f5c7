/** Invoices (decision 095): the overdue job, and what the group report, the data export and retention read of them. */
export { invoicesForExport } from './export';
/** Issuing as the route does: the benchmark dataset issues its invoices through it, so they are the product's own. */
export { issueInvoice } from './issue';
export { invoiceSpend } from './lists';
export { invoiceOverdueJob } from './overdue-job';
