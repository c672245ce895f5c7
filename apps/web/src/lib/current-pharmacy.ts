/**
 * The pharmacy the app acts for (decision 089): every request to the API names it in `X-Farmacia`. The one place the
 * pharmacy switcher sets; undefined until there is one, and then the server acts for the person's own pharmacy (or
 * the first they may act for).
 */
export function currentPharmacyId(): number | undefined {
  return undefined;
}
