/** Worked shifts (decision 075): what other features, the demo and the data export use. */
export { closingRecords, expenseAnswer, expenseColumns, isInvoiced, shiftClosing, type TExpenseRow } from './closing';
export { correctWorkedHours, reviewWorkedHours } from './review';
export { lockShift, type TShiftRow } from './rows';
export { oneShift, pharmaciesWorkedShifts, wholeShifts, workedShifts } from './service';
export { buildStatementPdf } from './statement-pdf';
export { clockChangeDays, grossCents, workedMinutes } from './worked-time';
