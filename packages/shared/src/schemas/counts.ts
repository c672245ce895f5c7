/** GET /api/user/counts/: what waits for the person, shown on the frame's places (decision 096). */
import { z } from 'zod';

export const ZUserCountsSchema = z.object({
  /** A pharmacist's invitations she may still answer (0 for the pharmacy's side). */
  invitations: z.number().int(),
  /** The pharmacy's applications waiting for a decision, sent or seen (0 for a pharmacist). */
  applications: z.number().int(),
  /** Messages to the reader not read yet, in every thread. */
  messages: z.number().int(),
});
export type TUserCounts = z.infer<typeof ZUserCountsSchema>;
