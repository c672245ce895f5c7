/** What other features (and the demo) may use of messages: write one, the unread total, a reported message, the export's part. */
export { messagesWrittenBy, postMessage, reportedMessage, unreadMessageTotal } from './service';
export { threadClosesAt } from './thread-window';
