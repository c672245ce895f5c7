/** The brand's green cross as SVG, for BrandMark and for the first screen drawn before the app has loaded (decision 057). */
export const BRAND_MARK_DRAWING = {
  rect: { width: '32', height: '32', rx: '7', fill: '#047857' },
  cross: 'M13 6h6v7h7v6h-7v7h-6v-7H6v-6h7z',
} as const;
