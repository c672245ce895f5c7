/**
 * Invitations (an owner asks a pharmacist to work an offer), the double booking both sides are warned of, and an owner's
 * favourite pharmacists (docs/decisions/071-invitations-double-booking-and-fair-pay.md, storage in decision 069).
 */
import { z } from 'zod';
import { INVITATION_MESSAGES } from '../invitation-text';
import { LIMITS } from '../limits';
import { ZApplicationStatusSchema } from './applications';
import { ZRatingSummarySchema, ZReliabilitySchema, zId, zText } from './common';
import { zOptionalLegalForm } from './legal-forms';
import { ZOfferSchema } from './offers';
import { ZProposalInputSchema } from './pay';

/**
 * An invitation's status: `sent` (waiting for the pharmacist), `accepted` (an accepted application was made),
 * `declined`, or `expired`: a `sent` one whose `expires_at` has passed, computed where it is read, never stored.
 */
export const INVITATION_STATUSES = ['sent', 'accepted', 'declined', 'expired'] as const;
export const ZInvitationStatusSchema = z.enum(INVITATION_STATUSES);
export type TInvitationStatus = z.infer<typeof ZInvitationStatusSchema>;

/** POST /api/offers/{id}/invitations/: whom to invite, and an optional message for them. */
export const ZInviteInputSchema = z.object({
  pharmacist_id: zId,
  message: zText(LIMITS.invitationMessageMaxLength, INVITATION_MESSAGES.messageTooLong),
});
export type TInviteInput = z.input<typeof ZInviteInputSchema>;
export type TInvite = z.infer<typeof ZInviteInputSchema>;

/** POST /api/invitations/{id}/decline/: an optional reason for the owner. */
export const ZDeclineInvitationInputSchema = z.object({
  reason: zText(LIMITS.invitationDeclineReasonMaxLength, INVITATION_MESSAGES.reasonTooLong),
});
export type TDeclineInvitationInput = z.input<typeof ZDeclineInvitationInputSchema>;

export const ZInvitationIdParamsSchema = z.object({ id: zId });

/**
 * POST /api/invitations/{id}/accept/: optionally the legal form she takes the shift under (as to apply; no body: none),
 * and a proposal on the pay (decision 094): then her application waits for the owner instead of being accepted.
 */
export const ZAcceptInvitationInputSchema = z.preprocess(
  (v) => v ?? {},
  z.object({ legal_form: zOptionalLegalForm, proposal: ZProposalInputSchema.optional() }),
);
export type TAcceptInvitationInput = z.input<typeof ZAcceptInvitationInputSchema>;

/** What both sides see of an invitation. */
const invitationFields = {
  id: z.number(),
  status: ZInvitationStatusSchema,
  /** `owner`: the owner sent it; `auto`: the platform did, for an offer whose owner asked it to (decision 069). */
  invited_by: z.enum(['owner', 'auto']),
  /** The owner's message, or null. */
  message: z.string().nullable(),
  created_at: z.string(),
  /** When a `sent` invitation expires: 72 hours after it was sent, or the start of the offer's first day if sooner. */
  expires_at: z.string(),
  /** When the pharmacist accepted or declined it, else null. */
  decided_at: z.string().nullable(),
  /** The pharmacist's reason for declining, or null. */
  decline_reason: z.string().nullable(),
  /** The application an acceptance made (accepted at once), else null. */
  application_id: z.number().nullable(),
};

/** An invitation as the invited pharmacist sees it, with the offer (its pharmacy, dates, hours, pay, comune). */
export const ZPharmacistInvitationSchema = z.object({
  ...invitationFields,
  offer: ZOfferSchema.extend({ is_open: z.boolean() }),
});
export type TPharmacistInvitation = z.infer<typeof ZPharmacistInvitationSchema>;
export const ZPharmacistInvitationListSchema = z.array(ZPharmacistInvitationSchema);

/**
 * The pharmacist as an owner sees them before an accepted application gives more: no phone, residence nor CV (the
 * residence is contact data, decision 067: an invitation never carries it).
 */
export const ZPharmacistSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  titolo: z.string(),
  /** An admin checked their albo entry (decision 050). */
  albo_verified: z.boolean(),
  /** Their rating from published reviews and their reliability record (decision 074). */
  rating: ZRatingSummarySchema,
  reliability: ZReliabilitySchema,
});
export type TPharmacistSummary = z.infer<typeof ZPharmacistSummarySchema>;

/** An invitation as the offer's owner sees it. */
export const ZOwnerInvitationSchema = z.object({
  ...invitationFields,
  offer_id: z.number(),
  pharmacist: ZPharmacistSummarySchema,
});
export type TOwnerInvitation = z.infer<typeof ZOwnerInvitationSchema>;
export const ZOwnerInvitationListSchema = z.array(ZOwnerInvitationSchema);

// A new invitation answers it as the owner sees it (201), an accept or a decline as the pharmacist sees it (200); the
// web says its own sentence (INVITATION_MESSAGES.invitationSent, invitationAccepted, invitationDeclined).

/** PUT/DELETE /api/favourites/{pharmacistId}/. */
export const ZFavouriteParamsSchema = z.object({ pharmacistId: zId });

/** One of an owner's pharmacists ('I miei farmacisti'), with their latest application to the owner's offers. */
export const ZFavouritePharmacistSchema = z.object({
  pharmacist: ZPharmacistSummarySchema.extend({
    /**
     * The comune they live in, while one of their applications to the owner's offers still shows its contact data
     * (the one rule of decision 067); else null.
     */
    comune: z.string().nullable(),
    /** Why the comune is not shown: `application_closed` or `period_ended`; null while it is. */
    contact_hidden: z.enum(['application_closed', 'period_ended']).nullable(),
  }),
  added_at: z.string(),
  /** Their latest application to one of the owner's offers (an `accepted` one is a shift), or null. */
  last_application: z
    .object({
      offer_id: z.number(),
      title: z.string(),
      date_from: z.string().nullable(),
      date_to: z.string().nullable(),
      status: ZApplicationStatusSchema,
      submitted_at: z.string(),
    })
    .nullable(),
});
export type TFavouritePharmacist = z.infer<typeof ZFavouritePharmacistSchema>;
export const ZFavouritePharmacistListSchema = z.array(ZFavouritePharmacistSchema);
