/** What other features (and the demo) may use of messages: write and read a thread, a decision's message in it, the unread total, a reported message, the export's part. */
export {
  messagesWrittenBy,
  postMessage,
  readThread,
  recordDecisionMessage,
  reportedMessage,
  unreadMessageTotal,
} from './service';
export { threadClosesAt } from './thread-window';
