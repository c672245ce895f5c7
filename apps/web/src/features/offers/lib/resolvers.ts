/** The offer form's validation: the shared schema through zodResolver. Loaded on demand (see lib/lazy-resolver). */
// A runtime import of the package root: the schemas (and zod) stay in this lazy chunk (decision 001).
import { ZOfferFormSchema } from '@farmaponte/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { offerSchemaInput, type TOfferFormValues, type TOfferPayload } from './offer-form-values';

/** Our form asks for the hourly pay (the API also takes offers without one, from older clients). */
const validateOffer = zodResolver(ZOfferFormSchema);

/**
 * Validates what will be sent (single day: date_to = date_from), in the order of the shared schema (docs/rules.md#offers).
 * The schema's `auto_invite.delay_hours` is the form's `auto_invite_delay`: its error is put there, beside the field.
 */
export const offerResolver: Resolver<TOfferFormValues, unknown, TOfferPayload> = async (values, context, options) => {
  const result = await (validateOffer(offerSchemaInput(values), context, options as never) as ReturnType<
    Resolver<TOfferFormValues, unknown, TOfferPayload>
  >);
  const { auto_invite: autoInvite, ...errors } = result.errors as typeof result.errors & {
    auto_invite?: { delay_hours?: unknown; mode?: unknown };
  };
  // An error of the option itself (an offer without dates) stays on its checkbox, 'auto_invite'.
  const delay = autoInvite?.delay_hours ?? autoInvite?.mode;
  if (!delay) return result;
  return { values: {}, errors: { ...errors, auto_invite_delay: delay } as FieldErrors<TOfferFormValues> };
};
