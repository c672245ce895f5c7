/** The auth forms' validation: the shared schemas through zodResolver. Loaded on demand (see lib/lazy-resolver). */
// The only runtime import of the package root in the web app: the schemas (and zod) stay in this lazy chunk.
import { ZForgotPasswordSchema, ZLoginSchema, ZRegisterFormSchema, ZResetPasswordFormSchema } from '@farmaponte/shared';
import { zodResolver } from '@hookform/resolvers/zod';

export const loginResolver = zodResolver(ZLoginSchema);
export const registerResolver = zodResolver(ZRegisterFormSchema);
export const forgotPasswordResolver = zodResolver(ZForgotPasswordSchema);
export const resetPasswordResolver = zodResolver(ZResetPasswordFormSchema);
