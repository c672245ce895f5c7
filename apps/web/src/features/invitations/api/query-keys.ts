/** Query keys of invitations and of 'I miei farmacisti'. */
export const invitationsKeys = {
  all: ['invitations'] as const,
  /** GET /api/invitations/mine/: the pharmacist's invitations (/mie_candidature). */
  mine: ['invitations', 'mine'] as const,
  /** GET /api/offers/{id}/invitations/: one of the owner's offers (/mie_offerte). */
  ofOffer: (offerId: number) => ['invitations', 'offer', offerId] as const,
  /** GET /api/favourites/: the owner's favourite pharmacists. */
  favourites: ['favourites'] as const,
};
