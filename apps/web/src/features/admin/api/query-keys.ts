/** Query keys of the admin screens, in one place so an import or a location change can refresh what depends on it. */
export const adminKeys = {
  all: ['admin'] as const,
  /** Everything that reads the pharmacy registry (search, map points, overview count). */
  registry: ['admin', 'registry'] as const,
  pharmacies: (search: string) => ['admin', 'registry', 'search', search] as const,
  pharmacyPoints: ['admin', 'registry', 'points'] as const,
  owners: ['admin', 'owners'] as const,
  ownersSearch: (search: string) => ['admin', 'owners', 'search', search] as const,
  ownerLocation: (userId: number) => ['admin', 'owners', 'location', userId] as const,
  users: ['admin', 'users'] as const,
  usersPage: (params: { search: string; role: string; page: number }) => ['admin', 'users', 'page', params] as const,
  userDetails: (userId: number) => ['admin', 'users', 'details', userId] as const,
  overview: ['admin', 'registry', 'overview'] as const,
  audit: ['admin', 'audit'] as const,
  auditPage: (params: Record<string, string | number>) => ['admin', 'audit', 'page', params] as const,
};
