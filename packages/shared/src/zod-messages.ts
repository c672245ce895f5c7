/**
 * zod's own messages in plain Italian. The locale says "Input non valido: atteso object, ricevuto vettore" or
 * "Troppo grande: int deve essere <=9007199254740991": words of the library, not of our users. A schema's own
 * message (`{ error: MESSAGES.… }`) still wins; this only answers where a schema says nothing.
 */
import { z } from 'zod';
import { formatDecimal } from './italian-figures';
import { MESSAGES } from './messages';

const KIND_WANTED: Record<string, string> = {
  string: 'Serve un testo.',
  number: 'Serve un numero.',
  int: 'Serve un numero intero.',
  bigint: 'Serve un numero intero.',
  boolean: 'Serve un valore sì o no.',
  array: 'Serve un elenco.',
  date: 'Serve una data.',
};

/** Bounds no person types (the integer range, JavaScript's safe integers) are "too large", not a number to read. */
const HUMAN_BOUND = 1_000_000_000;

const italianNumber = (value: number | bigint) => formatDecimal(Number(value));

function sizeMessage(
  issue: { origin: string; inclusive?: boolean },
  bound: number | bigint,
  side: 'max' | 'min',
): string | undefined {
  const n = Number(bound);
  const exclusive = issue.inclusive === false;
  switch (issue.origin) {
    case 'number':
    case 'int':
    case 'bigint':
      if (Math.abs(n) >= HUMAN_BOUND) return side === 'max' ? 'Il numero è troppo grande.' : 'Il numero è troppo piccolo.';
      if (side === 'max') return `Il numero ${exclusive ? 'deve essere minore di' : 'non può superare'} ${italianNumber(n)}.`;
      return `Il numero deve essere ${exclusive ? 'maggiore di' : 'almeno'} ${italianNumber(n)}.`;
    case 'string':
      if (side === 'min' && n <= 1) return MESSAGES.requiredField;
      return side === 'max' ? `Al massimo ${italianNumber(n)} caratteri.` : `Almeno ${italianNumber(n)} caratteri.`;
    case 'array':
    case 'set':
      return side === 'max' ? `Al massimo ${italianNumber(n)} elementi.` : `Almeno ${italianNumber(n)} elementi.`;
    default:
      return undefined;
  }
}

/** The message for an issue no schema worded; undefined leaves it to the Italian locale. */
export function italianIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return MESSAGES.requiredField;
      return KIND_WANTED[issue.expected] ?? MESSAGES.invalidInput;
    case 'too_big':
      return sizeMessage(issue, issue.maximum, 'max');
    case 'too_small':
      return sizeMessage(issue, issue.minimum, 'min');
    case 'invalid_value':
      return issue.values.length > 0 && issue.values.length <= 8
        ? `Valore non ammesso: scegli tra ${issue.values.map(String).join(', ')}.`
        : MESSAGES.invalidInput;
    case 'unrecognized_keys':
      return issue.keys.length === 1 ? `Campo non previsto: ${issue.keys[0]}.` : `Campi non previsti: ${issue.keys.join(', ')}.`;
    case 'invalid_union':
      return MESSAGES.invalidInput;
    default:
      return undefined;
  }
}

export function useItalianZodMessages() {
  z.config(z.locales.it());
  z.config({ customError: italianIssueMessage });
}
