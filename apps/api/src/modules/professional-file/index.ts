/** What other features and the app use of the professional file (decision 093): the freelance check, the reminder job and the stored file. */
export { insuranceRemindersJob } from './insurance-reminder';
export { refuseUnreadyFreelancer } from './readiness';
export { storedFile as storedProfessionalFile } from './service';
