/** Labels, headings and other interface text of the web app (spec §2), in Italian. */
export const UI_TEXT = {
  brand: 'Farmaponte',
  tagline: 'Mettiamo in contatto farmacisti e titolari di farmacia, in modo semplice e veloce.',
} as const;
