/** What other features use of ratings (decision 074): each person's average and count, for a whole list at once. */
export { NO_RATING, ratingSummaries, ratingSummary } from './service';
