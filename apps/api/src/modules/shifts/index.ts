/** Worked shifts (decision 075): what other features, the demo and the data export use. */
export { correctWorkedHours, oneShift, pharmaciesWorkedShifts, reviewWorkedHours, workedShifts } from './service';
export { buildStatementPdf } from './statement-pdf';
export { clockChangeDays, grossCents, workedMinutes } from './worked-time';
