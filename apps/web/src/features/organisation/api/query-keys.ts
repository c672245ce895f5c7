/**
 * Query keys of the organisation's screens. The organisation itself and a pharmacy's settings, which other screens read
 * too, are `sharedKeys.organisation` and `sharedKeys.pharmacySettings`.
 */
export const organisationKeys = {
  /** GET /api/organisation/team/: the staff and the invitations waiting (a titolare's). */
  team: ['organisation', 'team'] as const,
};
