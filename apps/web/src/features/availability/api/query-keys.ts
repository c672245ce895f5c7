/** Query keys of the availability screens: a pharmacist's own calendar and the owners' search of who is free. */
export const availabilityKeys = {
  mine: ['availability', 'mine'] as const,
  externalCalendar: ['availability', 'external-calendar'] as const,
  search: ['availability', 'search'] as const,
  searchPage: (query: string) => ['availability', 'search', query] as const,
};
