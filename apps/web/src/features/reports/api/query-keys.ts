/** Query keys of the admins' desk (decision 062): a resolution refreshes every page of it. */
export const reportKeys = {
  all: ['reports'] as const,
  page: (params: { status: string; page: number }) => ['reports', 'page', params] as const,
};
