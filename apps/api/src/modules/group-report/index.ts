/** The group report and its monthly statement (decision 091): what the benchmarks use. */
export { groupReport, reportScope } from './service';
export { monthStatement } from './statement';
export { statementCsv } from './statement-csv';
export { buildGroupStatementPdf } from './statement-pdf';
