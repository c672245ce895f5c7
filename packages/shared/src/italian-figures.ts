/**
 * Amounts and hours written as an Italian reads them and as Excel on an Italian system reads them back ('1.234,50',
 * '7,5'): the thousands grouped by '.', the decimals after ','. Written by hand, not by Intl, so the server's and the
 * browser's ICU data cannot change a figure of a statement (decision 075), and so a page never loads the Italian
 * number data while it is drawn: the first `toLocaleString('it-IT')` of a page took ≈ 170 ms on a slow phone
 * (decision 077).
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

/** The digits of |value| as the shortest decimal that reads back as it, split at the point ('12.35' → ['12', '35']). */
function decimalDigits(value: number): [string, string] {
  const text = String(Math.abs(value));
  if (!text.includes('e')) {
    const [whole = '0', fraction = ''] = text.split('.');
    return [whole, fraction];
  }
  // 1e21 and above, or below 1e-6: the exponent written out.
  const [mantissa = '0', exponentText = '0'] = text.split('e');
  const exponent = Number(exponentText);
  const [head = '0', tail = ''] = mantissa.split('.');
  const digits = head + tail;
  const point = head.length + exponent;
  if (point <= 0) return ['0', '0'.repeat(-point) + digits];
  return [digits.padEnd(point, '0').slice(0, point), digits.slice(point)];
}

/** Adds one to a string of digits ('199' → '200', '99' → '100'). */
function plusOne(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/**
 * A number as `Intl.NumberFormat('it-IT', { minimumFractionDigits, maximumFractionDigits })` writes it, without Intl:
 * rounded half away from zero on its shortest decimal (12.35 → '12,4' with one digit), the decimals after ',', the
 * thousands grouped by '.' from five digits on (Italian leaves '5000' bare and writes '10.000'), '-' before a
 * negative (even one that rounds to '-0', as Intl does). A test compares it with Intl over many values.
 */
export function formatDecimal(value: number, maximumFractionDigits = 3, minimumFractionDigits = 0): string {
  if (!Number.isFinite(value)) return String(value);
  let [whole, fraction] = decimalDigits(value);
  if (fraction.length > maximumFractionDigits) {
    const roundUp = (fraction[maximumFractionDigits] ?? '0') >= '5';
    const kept = whole + fraction.slice(0, maximumFractionDigits);
    const rounded = roundUp ? plusOne(kept).padStart(kept.length, '0') : kept;
    const wholeLength = rounded.length - maximumFractionDigits;
    whole = rounded.slice(0, wholeLength);
    fraction = rounded.slice(wholeLength);
  }
  fraction = fraction.replace(/0+$/, '').padEnd(minimumFractionDigits, '0');
  whole = whole.replace(/^0+(?=\d)/, '');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole.length >= 5 ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : whole}${fraction ? `,${fraction}` : ''}`;
}

/**
 * A whole count as Italian text writes it: 5000 → '5000', 20000 → '20.000' (what formatDecimal(value, 0) writes for a
 * whole number). On its own, without formatDecimal: the app's first file carries it, for the count of offers found.
 */
export function formatCount(value: number): string {
  const digits = String(Math.abs(Math.round(value)));
  const sign = value < 0 && digits !== '0' ? '-' : '';
  return `${sign}${digits.length >= 5 ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : digits}`;
}
