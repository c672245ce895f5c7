/** What other features (and the app) may use of notifications: notify someone, inside the change's transaction. */

export { createNotifier, pruneReadNotifications, type TNotificationEvent, type TNotifier } from './service';
export { createUnsubscribeTokens, type TUnsubscribeTokens } from './unsubscribe-token';
