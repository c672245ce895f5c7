/** The account made with a staff invitation (decision 089): the fields the accept needs, the password typed twice. */
import { type TStaffAccountForm, ZStaffAccountFormSchema } from '@farmaponte/shared/organisation';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

export const staffAccountResolver = zodResolver(ZStaffAccountFormSchema) as unknown as Resolver<
  TStaffAccountForm,
  unknown,
  TStaffAccountForm
>;
