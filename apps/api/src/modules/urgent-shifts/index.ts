/** Urgent shifts (decision 096): what other features and the app use of them. */
export { markUrgent, shiftBounds, urgentReached } from './service';
