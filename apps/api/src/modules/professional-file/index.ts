/** What other features and the app use of the professional file (decision 093): the freelance check and the reminder job. */
export { insuranceRemindersJob } from './insurance-reminder';
export { refuseUnreadyFreelancer } from './readiness';
