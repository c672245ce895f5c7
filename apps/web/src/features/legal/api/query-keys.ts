/** Query keys of the legal pages: the retention periods the privacy page states. */
export const legalKeys = {
  periods: ['legal', 'retention-periods'] as const,
};
