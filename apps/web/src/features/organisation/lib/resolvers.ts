/**
 * The organisation's forms checked by the shared schemas the API reads (decision 089), through zodResolver. Loaded on
 * demand (see lib/lazy-resolver): the schemas and zod stay out of the pages' first chunk.
 */
import { MESSAGES } from '@farmaponte/shared/messages';
import {
  type TMemberUpdate,
  type TNewPharmacy,
  type TOrganisationInput,
  type TPharmacySettings,
  type TStaffInvitationInput,
  ZMemberUpdateSchema,
  ZNewPharmacySchema,
  ZOrganisationInputSchema,
  ZPharmacySettingsSchema,
  ZStaffInvitationInputSchema,
} from '@farmaponte/shared/organisation';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import {
  rolePayload,
  settingsPayload,
  type TInvoicingValues,
  type TNewPharmacyValues,
  type TRoleFormValues,
  type TSettingsFormValues,
} from './form-values';

export const organisationResolver = zodResolver(ZOrganisationInputSchema) as unknown as Resolver<
  TInvoicingValues,
  unknown,
  TOrganisationInput
>;
export const newPharmacyResolver = zodResolver(ZNewPharmacySchema) as unknown as Resolver<
  TNewPharmacyValues,
  unknown,
  TNewPharmacy
>;

/** A resolver that checks what the form will send (`toPayload` of its values) with `schema`'s resolver. */
function checkingPayload<TValues extends FieldValues, TPayload>(
  validate: Resolver<FieldValues, unknown, TPayload>,
  toPayload: (values: TValues) => object,
): Resolver<TValues, unknown, TPayload> {
  return (values, context, options) =>
    validate(toPayload(values) as FieldValues, context, options as never) as ReturnType<Resolver<TValues, unknown, TPayload>>;
}

export type TInviteFormValues = TRoleFormValues & { email: string };

export const staffInvitationResolver = checkingPayload<TInviteFormValues, TStaffInvitationInput>(
  zodResolver(ZStaffInvitationInputSchema) as unknown as Resolver<FieldValues, unknown, TStaffInvitationInput>,
  rolePayload,
);
export const memberResolver = checkingPayload<TRoleFormValues, TMemberUpdate>(
  zodResolver(ZMemberUpdateSchema) as unknown as Resolver<FieldValues, unknown, TMemberUpdate>,
  rolePayload,
);

const validateSettings = checkingPayload<TSettingsFormValues, TPharmacySettings>(
  zodResolver(ZPharmacySettingsSchema) as unknown as Resolver<FieldValues, unknown, TPharmacySettings>,
  settingsPayload,
);

/** The schema's checks, then the server's own: the end after the start. */
export const settingsResolver: Resolver<TSettingsFormValues, unknown, TPharmacySettings> = async (values, context, options) => {
  const result = await validateSettings(values, context, options);
  if (values.start_time && values.end_time && values.end_time <= values.start_time)
    return { values: {}, errors: { ...result.errors, end_time: { type: 'order', message: MESSAGES.offerTimeOrder } } };
  return result;
};
