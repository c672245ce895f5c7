/**
 * Amounts and hours written as an Italian reads them and as Excel on an Italian system reads them back ('1.234,50',
 * '7,5'): the thousands grouped by '.', the decimals after ','. Written by hand, not by Intl, so the server's and the
 * browser's ICU data cannot change a figure of a statement (decision 075).
 */

function grouped(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Euros with two decimals: 1234.5 → '1.234,50'. */
export function formatAmount(euros: number): string {
  const cents = Math.round(Math.abs(euros) * 100);
  const sign = euros < 0 && cents > 0 ? '-' : '';
  return `${sign}${grouped(Math.floor(cents / 100))},${String(cents % 100).padStart(2, '0')}`;
}

/** Minutes as hours, up to two decimals and none that are zero: 450 → '7,5', 480 → '8', 440 → '7,33'. */
export function formatHours(minutes: number): string {
  const hundredths = Math.round((minutes * 100) / 60);
  const whole = grouped(Math.floor(hundredths / 100));
  const decimals = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return decimals ? `${whole},${decimals}` : whole;
}
