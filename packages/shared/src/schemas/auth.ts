import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { EMAIL_PATTERN, zText } from './common';

export const ZLoginSchema = z.object({
  username: zText(254).pipe(z.string().min(1, MESSAGES.requiredFields)),
  password: z
    .string({ error: MESSAGES.requiredFields })
    .min(1, MESSAGES.requiredFields)
    .max(LIMITS.passwordMaxLength, MESSAGES.loginFailed),
});
export type TLogin = z.infer<typeof ZLoginSchema>;

export const ZTokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TTokenPair = z.infer<typeof ZTokenPairSchema>;

export const ZRefreshSchema = z.object({
  refresh: z.string({ error: MESSAGES.sessionExpired }).min(1, MESSAGES.sessionExpired).max(2000),
});
export type TRefresh = z.infer<typeof ZRefreshSchema>;

export const ZForgotPasswordSchema = z.object({
  email: zText(254).pipe(z.string().min(1, MESSAGES.requiredFields).regex(EMAIL_PATTERN, MESSAGES.invalidEmail)),
});
export type TForgotPassword = z.infer<typeof ZForgotPasswordSchema>;

const zNewPassword = z
  .string({ error: MESSAGES.requiredFields })
  .min(1, MESSAGES.requiredFields)
  .min(LIMITS.passwordMinLength, MESSAGES.passwordTooShort)
  .max(LIMITS.passwordMaxLength, MESSAGES.fieldTooLong);

export const ZResetPasswordSchema = z.object({
  token: z.string({ error: MESSAGES.resetInvalidToken }).min(1, MESSAGES.resetInvalidToken).max(200, MESSAGES.resetInvalidToken),
  password: zNewPassword,
});
export type TResetPassword = z.infer<typeof ZResetPasswordSchema>;

/** The reset form: both fields required, equal, and long enough for the server. */
export const ZResetPasswordFormSchema = z
  .object({ password: z.string().min(1, MESSAGES.requiredFields), confirmPassword: z.string().min(1, MESSAGES.requiredFields) })
  .superRefine((f, ctx) => {
    if (f.password !== f.confirmPassword)
      return ctx.addIssue({ code: 'custom', message: MESSAGES.passwordsDontMatch, path: ['confirmPassword'] });
    if (f.password.length < LIMITS.passwordMinLength)
      ctx.addIssue({ code: 'custom', message: MESSAGES.passwordTooShort, path: ['password'] });
  });
