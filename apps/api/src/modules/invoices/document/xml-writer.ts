/**
 * The pieces of a FatturaPA file: elements as a tree written with two-space indents (the same invoice gives the same
 * bytes), texts escaped and fitted to the schema's Latin-1 types and lengths, and figures in its decimal patterns
 * ('1234.50', never a comma or an exponent).
 */

/** An element with a text, or with children; `undefined` children (optional elements left out) are dropped. */
export type TXmlNode = { name: string; text?: string; children?: TXmlNode[] };

/** An element with a text; none when the text is null or empty (an optional element left out). */
export const leaf = (name: string, text: string | null | undefined): TXmlNode | undefined =>
  text == null || text === '' ? undefined : { name, text };

/** An element with children; those left out (an optional element absent) are falsy and dropped. */
export const node = (name: string, ...children: (TXmlNode | TXmlNode[] | undefined | null | false | '')[]): TXmlNode => ({
  name,
  children: children.flat().filter((child): child is TXmlNode => Boolean(child)),
});

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

export function writeXml(root: TXmlNode, depth = 0): string {
  const pad = '  '.repeat(depth);
  if (!root.children) return `${pad}<${root.name}>${escapeXml(root.text ?? '')}</${root.name}>\n`;
  return `${pad}<${root.name}>\n${root.children.map((child) => writeXml(child, depth + 1)).join('')}${pad}</${root.name}>\n`;
}

/** Common typography outside Latin-1, written as its plain equivalent. */
const PLAIN: Record<string, string> = {
  '€': 'EUR',
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '…': '...',
  '•': '-',
  // Letters with no accent to take off.
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
};
const isLatin1 = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
};

/**
 * A text the schema's String…LatinType accepts: Basic Latin and Latin-1 only, on one line, spaces collapsed, at most
 * `max` characters. What Latin-1 lacks is written plainly (– → -, € → EUR), else without its accent (ő → o), else as
 * '?': a name typed in another alphabet must not make the file invalid.
 */
export function latin(text: string, max: number): string {
  const one = (char: string) => {
    if (isLatin1(char)) return char;
    const plain = PLAIN[char];
    if (plain) return plain;
    const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
    return bare && [...bare].every(isLatin1) ? bare : '?';
  };
  const clean = [...text.replace(/\s+/g, ' ').trim()].map(one).join('');
  return [...clean].slice(0, max).join('').trimEnd();
}

/** A text in pieces of at most `max` characters, cut between words where it can (each Causale holds 200). */
export function pieces(text: string, max: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of latin(text, Number.MAX_SAFE_INTEGER).split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= max) {
      line = candidate;
      continue;
    }
    if (line) out.push(line);
    line = word;
    while (line.length > max) {
      out.push(line.slice(0, max));
      line = line.slice(max);
    }
  }
  if (line) out.push(line);
  return out;
}

/** Euros with two decimals (Amount2DecimalType): 1234.5 → '1234.50', from whole cents so 0.1 + 0.2 reads '0.30'. */
export function amount2(euros: number): string {
  const cents = Math.round(Math.abs(euros) * 100);
  const sign = euros < 0 && cents > 0 ? '-' : '';
  return `${sign}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A price or a quantity with 2 to 8 decimals (Amount8DecimalType, QuantitaType): 31.37 → '31.37', 25 / 3 → '8.33333333'. */
export const decimal8 = (value: number) => value.toFixed(8).replace(/0{1,6}$/, '');

/** A rate (RateType): 22 → '22.00'. */
export const rate = (percent: number) => percent.toFixed(2);
