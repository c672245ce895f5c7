/**
 * What an invoice's documents say (decision 095): the Causale of a credit note in its FatturaPA file, and the PDF copy a
 * pharmacist and the pharmacy read beside the XML, the only fiscal document.
 */
import { formatDate } from './dates';
import { formatAmount } from './italian-figures';

const euro = (amount: number) => `${formatAmount(amount)} €`;

export const INVOICE_DOCUMENT_TEXT = {
  /** The Causale of a credit note: what it undoes and why (Latin-1, as FatturaPA's texts must be). */
  creditCausale: (number: string, issuedOn: string, reason: string | null) =>
    `Nota di credito a storno totale della fattura n. ${number} del ${formatDate(issuedOn)}${reason ? `. Motivo: ${reason}` : ''}`,
  title: (kind: 'fattura' | 'nota_di_credito', number: string) =>
    `${kind === 'nota_di_credito' ? 'Nota di credito' : 'Fattura'} n. ${number}`,
  courtesyCopy: 'Copia di cortesia: il documento fiscale è il file XML inviato allo SdI.',
  issuedOn: (day: string) => `Data: ${formatDate(day)}`,
  fileName: (name: string) => `File FatturaPA: ${name}`,
  credits: (number: string, issuedOn: string) => `Storna la fattura n. ${number} del ${formatDate(issuedOn)}.`,
  creditReason: (reason: string) => `Motivo: ${reason}`,
  supplier: 'Cedente / prestatore',
  client: 'Cessionario / committente',
  address: (street: string, cap: string, comune: string, provincia: string) =>
    `${street}, ${cap} ${comune}${provincia ? ` (${provincia})` : ''}`,
  partitaIva: (value: string) => `Partita IVA: ${value}`,
  codiceFiscale: (value: string) => `Codice fiscale: ${value}`,
  regime: { forfettario: 'Regime forfettario (RF19)', ordinario: 'Regime ordinario (RF01)' } as Record<string, string>,
  recipient: (code: string, pec: string | null) => `Codice destinatario: ${code}${pec ? ` · PEC: ${pec}` : ''}`,
  pharmacies: (names: string) => `Farmacie: ${names}`,
  linesHeading: 'Dettaglio',
  lineColumns: ['N.', 'Descrizione', 'Quantità', 'Prezzo (€)', 'IVA', 'Importo (€)'],
  hoursUnit: (quantity: string) => `${quantity} ore`,
  vatCell: (rate: number, nature: string | null) => (nature ? nature : `${rate}%`),
  summaryHeading: 'Riepilogo IVA',
  summaryColumns: ['Aliquota / natura', 'Imponibile (€)', 'Imposta (€)', 'Riferimento normativo'],
  taxable: (amount: number) => `Imponibile: ${euro(amount)}`,
  vat: (amount: number) => `IVA: ${euro(amount)}`,
  stampDuty: (amount: number) => `Imposta di bollo (assolta in modo virtuale, addebitata al cliente): ${euro(amount)}`,
  total: (amount: number) => `Totale documento: ${euro(amount)}`,
  /** A minus WinAnsi can write (the PDF's standard font has no '−'). */
  withholding: (rate: number, amount: number) => `Ritenuta d'acconto (${rate}%): ${euro(-amount)}`,
  amountDue: (amount: number) => `Netto a pagare: ${euro(amount)}`,
  creditTotal: (amount: number) => `Importo stornato: ${euro(amount)}`,
  dueOn: (day: string) => `Scadenza del pagamento: ${formatDate(day)} (bonifico)`,
  iban: (iban: string) => `IBAN: ${iban}`,
  notesHeading: 'Annotazioni',
  page: (page: number, pages: number) => `Pagina ${page} di ${pages}`,
} as const;
