/** The auth forms' validation: the shared schemas through zodResolver. Loaded on demand (see lib/lazy-resolver). */
// The only runtime import of the package root in the web app: the schemas (and zod) stay in this lazy chunk.
import { ZForgotPasswordSchema, ZLoginSchema, ZRegisterFormSchema, ZResetPasswordFormSchema } from '@farmaponte/shared';
import { type TStaffAccountForm, ZStaffAccountFormSchema } from '@farmaponte/shared/organisation';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

export const loginResolver = zodResolver(ZLoginSchema);
export const registerResolver = zodResolver(ZRegisterFormSchema);
export const forgotPasswordResolver = zodResolver(ZForgotPasswordSchema);
export const resetPasswordResolver = zodResolver(ZResetPasswordFormSchema);
/** The account made with a staff invitation (decision 089): the fields the accept needs, the password typed twice. */
export const staffAccountResolver = zodResolver(ZStaffAccountFormSchema) as unknown as Resolver<
  TStaffAccountForm,
  unknown,
  TStaffAccountForm
>;
