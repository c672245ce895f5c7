import { z } from 'zod';

/**
 * Where a pharmacist's albo entry stands (decision 050): `none` with none of the three fields, `incomplete` with some
 * of them (decision 084: no check is asked yet), `pending` while an admin has to check it (again after a change, or a
 * year after the last check), then `verified` or `rejected`.
 */
export const ALBO_STATUSES = ['none', 'incomplete', 'pending', 'verified', 'rejected'] as const;
export const ZAlboStatusNameSchema = z.enum(ALBO_STATUSES);
export type TAlboStatusName = z.infer<typeof ZAlboStatusNameSchema>;

/** GET /api/user/albo/: the pharmacist's own check, with the admin's reason for a rejection. Times are ISO 8601. */
export const ZAlboStatusSchema = z.object({
  status: ZAlboStatusNameSchema,
  /** While `incomplete`: the fields still to give, by their API names; else empty. */
  missing: z.array(z.enum(['ordine_provincia', 'data_iscrizione_albo', 'numero_iscrizione_albo'])),
  reason: z.string().nullable(),
  requested_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  recheck_at: z.string().nullable(),
});
export type TAlboStatus = z.infer<typeof ZAlboStatusSchema>;
