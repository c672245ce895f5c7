/** Query keys of /fatture and /fatture_ricevute (decision 095). */
export const invoicesKeys = {
  all: ['invoices'] as const,
  /** The pharmacist's engagements ready to invoice and those still waiting. */
  invoiceable: ['invoices', 'invoiceable'] as const,
  /** What an invoice of these engagements would be (nothing stored). */
  preview: (applicationIds: readonly number[]) => ['invoices', 'preview', ...applicationIds] as const,
  /** A year of the pharmacist's invoices ('mine') or of those the pharmacy received ('received'). */
  year: (side: 'mine' | 'received', year: number) => ['invoices', side, year] as const,
};
