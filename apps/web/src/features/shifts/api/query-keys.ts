/** Query keys of /miei_turni and of the profile's calendar feed (decision 075). */
export const shiftsKeys = {
  all: ['worked-shifts'] as const,
  /** A month of the pharmacist's ('mine') or the owner's ('owner') worked shifts. */
  month: (side: 'mine' | 'owner', year: number, month: number) => ['worked-shifts', side, year, month] as const,
  /** Whether the pharmacist has a calendar feed. */
  calendarFeed: ['calendar-feed'] as const,
};
