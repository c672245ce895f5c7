/**
 * CSV that Excel on an Italian system opens as it is (decision 075): UTF-8 with a byte order mark (else Excel reads
 * Windows-1252 and breaks the accents), ';' between fields (the Italian list separator), lines ending CRLF. The
 * worked shifts' export and the group's monthly statement (decision 091) are written with it.
 */

const BOM = '\uFEFF';

/**
 * One field of text: quoted when it holds the separator, a quote or a line break; a text an owner or a pharmacist
 * typed that starts like a formula (= + - @, a tab or a carriage return) is led by an apostrophe, so Excel shows it and
 * runs nothing.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The file: the header's fields (as fields) and the rows (each cell already a field or a figure), BOM first. */
export function csvDocument(header: readonly string[], rows: readonly string[][]): string {
  return `${BOM}${[header.map(csvField).join(';'), ...rows.map((row) => row.join(';'))].join('\r\n')}\r\n`;
}
