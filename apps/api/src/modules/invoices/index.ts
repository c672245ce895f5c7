/** Invoices (decision 095): the overdue job, and what the group report, the data export and retention read of them. */
export { invoicesForExport } from './export';
export { invoiceSpend } from './lists';
export { invoiceOverdueJob } from './overdue-job';
