/**
 * What other features use of ratings (decision 074): each person's average and count, and their reliability record,
 * for a whole list at once (and their queries, for the strict floor).
 */
export { NO_RECORD, ratingsAndRecords, ratingsAndRecordsQuery, recordsWindow } from './reliability';
export { NO_RATING, ratingSummaries, ratingSummariesQuery, ratingSummary } from './service';
