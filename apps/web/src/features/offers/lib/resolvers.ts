/** The offer form's validation: the shared schema through zodResolver. Loaded on demand (see lib/lazy-resolver). */
// A runtime import of the package root: the schemas (and zod) stay in this lazy chunk (decision 001).
import { ZOfferFormSchema } from '@farmaponte/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { offerSchemaInput, type TOfferFormValues, type TOfferPayload } from './offer-form-values';

/** Our form asks for the hourly pay (the API also takes offers without one, from older clients). */
const validateOffer = zodResolver(ZOfferFormSchema);

/** Validates what will be sent (single day: date_to = date_from), in the order of the shared schema (docs/rules.md#offers). */
export const offerResolver: Resolver<TOfferFormValues, unknown, TOfferPayload> = (values, context, options) =>
  validateOffer(offerSchemaInput(values), context, options as never) as ReturnType<
    Resolver<TOfferFormValues, unknown, TOfferPayload>
  >;
