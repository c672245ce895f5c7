/** Numbers as Italians read them: '20 €/ora', '20,50 €/ora', '12,3 km'. */
/**
 * A formatter built on its first use, not when the module is read: the page's first script (decision 057) includes
 * this module, and building formatters while the HTML is read made a long task on a slow phone.
 */
function italianNumbers(options: Intl.NumberFormatOptions) {
  let format: Intl.NumberFormat | undefined;
  return {
    format(value: number) {
      format ??= new Intl.NumberFormat('it-IT', options);
      return format.format(value);
    },
  };
}

const euros = italianNumbers({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeEuros = italianNumbers({ maximumFractionDigits: 0 });
const kilometres = italianNumbers({ maximumFractionDigits: 1 });

/** Whole euros without decimals ('20'), otherwise always two ('20,50'). */
export function formatEuros(value: number): string {
  return Number.isInteger(value) ? wholeEuros.format(value) : euros.format(value);
}

export function formatKilometres(value: number): string {
  return kilometres.format(value);
}
