/** Query keys of the reviews (decision 074). */
export const reviewsKeys = {
  all: ['reviews'] as const,
  /** The shifts the user may review now. */
  pending: ['reviews', 'pending'] as const,
  /** One application's reviews as the user sees them. */
  application: (applicationId: number) => ['reviews', 'application', applicationId] as const,
  /** A person's published reviews. */
  user: (userId: number) => ['reviews', 'user', userId] as const,
};
