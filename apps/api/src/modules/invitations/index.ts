/** What other features (the demo, the export, the app) may use of invitations. */
export { insertInvitation, invitationExpiry, invitationStatusSql, liveInvitation } from './service';
