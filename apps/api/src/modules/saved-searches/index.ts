/** What other parts of the app may use of saved searches: the routes and the alert job. */
export { offerAlertsJob, type TAlertRound, type TAlertSender } from './alert-sender';
export { savedSearchRoutes } from './routes';
