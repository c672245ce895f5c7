/** Query keys of the verification queue (decision 049): a decision refreshes every page of it and the dashboard's count. */
export const verificationKeys = {
  all: ['verifications'] as const,
  page: (params: { status: string; role: string; page: number }) => ['verifications', 'page', params] as const,
  /** The dashboard's count of pending requests. */
  pending: ['verifications', 'pending-count'] as const,
};
