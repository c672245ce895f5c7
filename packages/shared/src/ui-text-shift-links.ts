/**
 * The dashboards' links to /miei_turni, which are also its title by role (decision 075): a module of their own, as the
 * web build copies a small shared module whole into each page that uses it, and the dashboard needs only these.
 */
export const SHIFTS_LINK_TEXT = {
  pharmacist: 'I miei turni',
  owner: 'Turni lavorati',
} as const;
