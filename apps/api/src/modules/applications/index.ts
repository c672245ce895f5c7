/** What other features (and the factories) may use of applications. */
export { insertApplication, markApplicationsSeen } from './service';
