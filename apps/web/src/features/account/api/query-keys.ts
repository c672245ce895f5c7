/** Query keys of the account screens. The user's details, which other features read too, are `sharedKeys.userDetails`. */
export const accountKeys = {
  /** The personal description, loaded afresh at each opening of its dialog. */
  description: ['account', 'description'] as const,
  /** The pharmacist's albo check, read again after a profile save (a changed entry is checked again). */
  albo: ['account', 'albo'] as const,
  /** Who opened the pharmacist's CV (decision 067). */
  cvViews: ['account', 'cv-views'] as const,
};
