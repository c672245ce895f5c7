/** What other features (the demo, the export, the app) may use of invitations, and the auto-invitations job. */
export { autoInvitationsJob, runAutoInvites, type TAutoInviteRound } from './auto-invites';
export { invitationExpiry, invitationStatusSql, liveInvitation } from './expiry';
export { insertInvitation, inviteToOffer } from './service';
