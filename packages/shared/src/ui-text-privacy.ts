/**
 * The texts of the privacy screens (the export, the CV views, contact data that expired, keeping an account or a CV),
 * apart from UI_TEXT so the first screen's script does not carry them: only the screens that show them import this.
 */
export const PRIVACY_TEXT = {
  // The export of one's data and the consent history.
  // Who opened my CV; contact data that expired.
  // Retention: keeping an account or a CV, the periods.
} as const;
