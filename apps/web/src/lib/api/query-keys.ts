/**
 * Query keys that more than one feature reads or refreshes, in one place (features never import each other):
 * the logged-in user's details (route guard, dashboard, profile, CV upload), the comuni suggestions, the root of
 * the applications, which the offer search refreshes after 'Manda CV', the pharmacist's applications (their list, and
 * the status beside each offer of the search), the owner's offers (their list, and the offer filter of the
 * applications received) and the shifts to review now. Each feature keeps its own keys in its
 * `api/query-keys.ts`, built on these where they meet.
 */
export const sharedKeys = {
  /** GET /api/user/details/: read by the guard, the dashboard and the profile; rewritten by profile and CV saves. */
  userDetails: ['user-details'] as const,
  /** GET /api/user/2fa/: the profile's section and the admin's banner (decision 063). */
  secondStep: ['second-step'] as const,
  comuni: (provincia: string, search: string) => ['comuni', provincia, search] as const,
  /** GET /api/pharmacies/lookup/: the owner's pharmacy, at registration and in the profile. */
  pharmacyLookup: (search: string) => ['pharmacy-lookup', search] as const,
  /** Every list of applications (the applications feature's keys start with it). */
  applications: ['applications'] as const,
  /**
   * GET /api/user/counts/: the numbers on the frame's places (decision 096). Under the applications' root, so whatever
   * refreshes the applications (a decision, an answer, the live stream's events) refreshes these too.
   */
  userCounts: ['applications', 'counts'] as const,
  /** GET /api/candidature/mine/: /mie_candidature and the statuses on /cerca_offerte. */
  myApplications: ['applications', 'mine'] as const,
  /** GET /api/offers/mine/: /mie_offerte and the offer filter of /candidature. */
  myOffers: ['offers', 'mine'] as const,
  /** GET /api/organisation/: the header's 'Farmacia', the organisation's pages, the names of the pharmacy acted for. */
  organisation: ['organisation'] as const,
  /** GET /api/organisation/pharmacies/{id}/settings/: its page, and what a new offer starts from. */
  pharmacySettings: (pharmacyId: number) => ['organisation', 'settings', pharmacyId] as const,
  /** GET /api/reviews/pending/: /recensioni, and 'Lascia una recensione' on worked shifts and accepted applications. */
  pendingReviews: ['reviews', 'pending'] as const,
};
