/** Web Push (decision 096): what the app wires (routes, the sender's job) and what notifications queues pushes with. */
export { isAllowedEndpoint } from './endpoints';
export { pushOutboxJob, type TPushRound, type TPushSenderOptions } from './sender';
export { enqueuePushes, onPushQueued, type TQueuedPush } from './service';
