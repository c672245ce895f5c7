/** What other features (and the demo) may use of messages: write and read a thread, the unread total, a reported message, the export's part. */
export { messagesWrittenBy, postMessage, readThread, reportedMessage, unreadMessageTotal } from './service';
export { threadClosesAt } from './thread-window';
