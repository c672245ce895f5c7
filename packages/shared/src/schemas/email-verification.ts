/** Confirming an e-mail address (decision 047): the link's token, as POST /api/user/verify-email/ takes it. */
import { z } from 'zod';
import { MESSAGES } from '../messages';

export const ZVerifyEmailSchema = z.object({
  token: z.string({ error: MESSAGES.emailLinkInvalid }).min(1, MESSAGES.emailLinkInvalid).max(200, MESSAGES.emailLinkInvalid),
});
export type TVerifyEmail = z.infer<typeof ZVerifyEmailSchema>;
