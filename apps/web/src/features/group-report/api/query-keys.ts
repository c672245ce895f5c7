/** Query keys of /gruppo (decision 091). */
export const groupReportKeys = {
  all: ['group-report'] as const,
  /** The report of a period. */
  period: (from: string, to: string) => ['group-report', from, to] as const,
};
