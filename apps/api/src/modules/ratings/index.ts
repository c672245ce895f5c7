/**
 * What other features use of ratings (decision 074): each person's average and count, and their reliability record,
 * for a whole list at once.
 */
export { NO_RECORD, reliabilityRecords } from './reliability';
export { NO_RATING, ratingSummaries, ratingSummary } from './service';
