/**
 * What the app uses of notifications: the notifier and its subscribers, which turn the features' events into
 * notifications and mails (decision 087); no other feature notifies anyone.
 */

export { staffOfPharmacy } from './recipients';
export { createNotifier, pruneReadNotifications, type TNotificationEvent, type TNotifier } from './service';
export { subscribeNotifications } from './subscribers';
export { createUnsubscribeTokens, type TUnsubscribeTokens } from './unsubscribe-token';
