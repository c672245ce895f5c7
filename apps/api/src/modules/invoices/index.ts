/** Invoices (decision 095): the overdue job, and what the group report, the data export and retention read of them. */
export { invoiceOverdueJob } from './overdue-job';
