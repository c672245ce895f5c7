/** Numbers as Italians read them: '20 €/ora', '20,50 €/ora', '12,3 km'. */
const euros = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeEuros = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 });
const kilometres = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });

/** Whole euros without decimals ('20'), otherwise always two ('20,50'). */
export function formatEuros(value: number): string {
  return Number.isInteger(value) ? wholeEuros.format(value) : euros.format(value);
}

export function formatKilometres(value: number): string {
  return kilometres.format(value);
}
