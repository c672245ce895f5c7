import { z } from 'zod';
import { LEGAL_FORMS } from '../engagement';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { RELIABILITY_MESSAGES } from '../review-messages';
import { ZRatingSummarySchema, ZReliabilitySchema, zId, zText } from './common';
import { zOptionalLegalForm } from './legal-forms';
import { ZOfferSchema, ZOfferStatusSchema, ZPharmacyOfRowSchema } from './offers';
import { PROPOSAL_STATUSES, ZAgreedTermsSchema, ZProposalInputSchema } from './pay';

/**
 * POST /api/candidature/ {offer_id, legal_form?, proposal?}: the pharmacist's stored CV sent to an open offer, under one
 * of its legal forms (absent: the offer's first, dipendente when it offers it; decision 093), with her proposal on the
 * pay when the offer is negotiable (decision 094).
 */
export const ZApplyInputSchema = z.object({
  offer_id: zId,
  legal_form: zOptionalLegalForm,
  proposal: ZProposalInputSchema.optional(),
});
export type TApplyInput = z.infer<typeof ZApplyInputSchema>;

/** The 201 answer of POST /api/candidature/. */
export const ZApplicationCreatedSchema = z.object({ id: z.number(), message: z.string() });
export type TApplicationCreated = z.infer<typeof ZApplicationCreatedSchema>;

/**
 * An application's status: `sent` → `seen` (the offer's owner first opened the CV) → `accepted` or `rejected`;
 * `withdrawn` by the pharmacist while not rejected. An accepted one may still be cancelled (→ `rejected`).
 */
export const APPLICATION_STATUSES = ['sent', 'seen', 'accepted', 'rejected', 'withdrawn'] as const;
export const ZApplicationStatusSchema = z.enum(APPLICATION_STATUSES);
export type TApplicationStatus = z.infer<typeof ZApplicationStatusSchema>;

/** One step of an application's history, oldest first; message is the owner's (or the standard one) when there is one. */
export const ZApplicationHistoryEntrySchema = z.object({
  status: ZApplicationStatusSchema,
  at: z.string(),
  message: z.string().nullable(),
  /** The pharmacy's person who made the step (decision 089): "Farmacia X (Laura Neri)" shows this name. */
  by: z.string().nullable().optional(),
});
export type TApplicationHistoryEntry = z.infer<typeof ZApplicationHistoryEntrySchema>;

/**
 * The latest step of an application's negotiation (decision 094), as both lists show it; null when there is none.
 * `scaduta`: still waiting when the offer stopped being open.
 */
export const ZNegotiationSummarySchema = z
  .object({
    status: z.enum(PROPOSAL_STATUSES),
    round: z.number(),
    hourly_pay: z.number().nullable(),
    travel_amount: z.number().nullable(),
  })
  .nullable();
export type TNegotiationSummary = z.infer<typeof ZNegotiationSummarySchema>;

/** What both sides see of an application's state. */
const applicationStateFields = {
  status: ZApplicationStatusSchema,
  /** When the status last changed (ISO 8601). */
  status_changed_at: z.string(),
  /** The owner's message with the last decision (or the standard one when the offer closed), else null. */
  message: z.string().nullable(),
  history: z.array(ZApplicationHistoryEntrySchema),
  /** The legal form she applied under (decision 093). */
  legal_form: z.enum(LEGAL_FORMS),
};

/**
 * The negotiation's latest step and the terms it settled (decision 094). Optional, so answers written before them still
 * parse; the API always sends them, last (the answer writer puts optional keys after the required ones).
 */
const negotiationFields = {
  negotiation: ZNegotiationSummarySchema.optional(),
  agreed: ZAgreedTermsSchema.optional(),
};

/**
 * On a waiting application an owner receives: the applicant's accepted shift on the same days, so that 'Accetta' is
 * refused before it is tried (409 `double_booked` otherwise); null when there is none.
 */
export const ZDoubleBookingSchema = z
  .object({
    title: z.string(),
    pharmacy: z.string(),
    date_from: z.string().nullable(),
    date_to: z.string().nullable(),
  })
  .nullable();
export type TDoubleBooking = z.infer<typeof ZDoubleBookingSchema>;

/** The part of a pharmacist's professional file an owner sees on her application. */
export const ZProfessionalSummarySchema = z.object({
  insurance_valid_until: z.string().nullable(),
  /** The period her credits are declared for ('2026–2028') and the credits it asks; null when she declared no period. */
  ecm: z.object({ period: z.string(), credits: z.number().nullable(), required: z.number() }).nullable(),
});
export type TProfessionalSummary = z.infer<typeof ZProfessionalSummarySchema>;

/** An application as its owner (the titolare) sees it. */
export const ZReceivedApplicationSchema = z.object({
  id: z.number(),
  submitted_at: z.string(),
  ...applicationStateFields,
  farmacista: z.object({
    /** The applicant's user id: what 'Segnala' names (decision 062). */
    id: z.number(),
    name: z.string(),
    surname: z.string(),
    titolo: z.string(),
    /**
     * Contact data (residence, phone, CV link): null once the owner may no longer see them (decision 067), while
     * the application is no longer open or accepted, or past CONTACT_RETENTION_DAYS after the offer's last day.
     */
    comune: z.string().nullable(),
    provincia_residenza: z.string().nullable(),
    telephone: z.string().nullable(),
    pdf_file: z.string().nullable(),
    /** The last Italian day (YYYY-MM-DD) the contact data are shown, while they are; else null. */
    contact_until: z.string().nullable(),
    /** Why the contact data are no longer shown: `application_closed` or `period_ended`; null while they are. */
    contact_hidden: z.enum(['application_closed', 'period_ended']).nullable(),
    /**
     * An admin checked the applicant's albo entry against the Ordine's register (decision 050); then also what the
     * albo itself shows of it, the Ordine (province sigla) and the number, else both ''. Never the date of entry.
     */
    albo_verified: z.boolean(),
    ordine_provincia: z.string(),
    numero_iscrizione_albo: z.string(),
    /** Their rating from published reviews and their reliability record (decision 074). */
    rating: ZRatingSummarySchema,
    reliability: ZReliabilitySchema,
  }),
  /** The offer's `status`: an `expired` one takes no acceptance (409 `offer_expired`). */
  offer: z.object({ id: z.number(), title: z.string(), description: z.string(), status: ZOfferStatusSchema }),
  /** Only while the application waits (sent, seen): the applicant's accepted shift on the same days, else null. */
  double_booked: ZDoubleBookingSchema,
  /**
   * What her professional file says that the pharmacy may read (decision 093): the day her professional liability
   * policy ends and the ECM credits she declared, with their three-year period; never the policy number, codice fiscale
   * or partita IVA.
   */
  professional: ZProfessionalSummarySchema,
  /**
   * Whether 'Non si è presentato' may be reported today (decision 074): accepted, the offer dated, from its first day
   * until LIMITS.reviewWindowDays after its last (Italian days), not reported yet. The report answers 409 otherwise.
   */
  no_show_allowed: z.boolean(),
  /** The pharmacy whose offer received it: the list with `X-Farmacia: tutte` mixes the group's (last: see offers.ts). */
  pharmacy: ZPharmacyOfRowSchema,
  ...negotiationFields,
});
export type TReceivedApplication = z.infer<typeof ZReceivedApplicationSchema>;
export const ZReceivedApplicationListSchema = z.array(ZReceivedApplicationSchema);

const emptyToUndefined = (v: unknown) => (v === '' || v == null ? undefined : v);

/** ?albo_verified=true: only applicants with a checked albo entry; false: only those without; absent: everyone. */
const zAlboVerifiedFilter = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : emptyToUndefined(v)),
  z.boolean({ error: MESSAGES.invalidInput }).optional(),
);

/** GET /api/titolare/candidatures/?page&page_size&offer_id&status&albo_verified: newest first, a page at a time; the total is in X-Total-Count. */
export const ZReceivedQuerySchema = z.object({
  offer_id: z.preprocess(emptyToUndefined, zId.optional()),
  status: z.preprocess(emptyToUndefined, ZApplicationStatusSchema.optional()),
  albo_verified: zAlboVerifiedFilter,
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.receivedApplicationsMaxPageSize)
    .default(LIMITS.receivedApplicationsPageSize),
});
export type TReceivedQuery = z.infer<typeof ZReceivedQuerySchema>;

/** GET /api/titolare/candidatures/counts/?offer_id&albo_verified: the same filter as the list's, without status and page. */
export const ZReceivedCountsQuerySchema = ZReceivedQuerySchema.pick({ offer_id: true, albo_verified: true });
export type TReceivedCountsQuery = z.infer<typeof ZReceivedCountsQuerySchema>;

/** How many received applications each status has (every status present, 0 when none), and their sum. */
export const ZReceivedCountsSchema = z.object({
  total: z.number(),
  by_status: z.object(
    Object.fromEntries(APPLICATION_STATUSES.map((status) => [status, z.number()])) as Record<TApplicationStatus, z.ZodNumber>,
  ),
});
export type TReceivedCounts = z.infer<typeof ZReceivedCountsSchema>;

/** An application as the pharmacist who sent it sees it. */
export const ZSentApplicationSchema = z.object({
  id: z.number(),
  submitted_at: z.string(),
  ...applicationStateFields,
  offer: ZOfferSchema.extend({ is_open: z.boolean() }),
  ...negotiationFields,
});
export type TSentApplication = z.infer<typeof ZSentApplicationSchema>;
export const ZSentApplicationListSchema = z.array(ZSentApplicationSchema);

/** POST /api/titolare/candidatures/{id}/decision/: accept or reject, with an optional message for the pharmacist. */
export const ZDecisionInputSchema = z.object({
  decision: z.enum(['accepted', 'rejected'], { error: MESSAGES.decisionInvalid }),
  message: zText(LIMITS.decisionMessageMaxLength, MESSAGES.decisionMessageTooLong),
});
export type TDecisionInput = z.input<typeof ZDecisionInputSchema>;
export type TDecision = z.infer<typeof ZDecisionInputSchema>;
// A decision answers the application as the owner sees it (ZReceivedApplicationSchema); a withdrawal answers it as the
// pharmacist sees it (ZSentApplicationSchema). Their `message` is the owner's; the web says its own toast
// (MESSAGES.applicationAccepted, applicationRejected, applicationCancelled, applicationWithdrawn).

export const ZApplicationIdParamsSchema = z.object({ id: zId });

/**
 * POST /api/candidature/{id}/withdraw/: a reason, required (400 `reason_required`) for an accepted shift less than
 * LIMITS.lateCancellationDays before its first day (decision 074). No body is no reason.
 */
export const ZWithdrawInputSchema = z.preprocess(
  (v) => v ?? {},
  z.object({ reason: zText(LIMITS.cancellationReasonMaxLength, RELIABILITY_MESSAGES.reasonTooLong).optional() }),
);
export type TWithdrawInput = z.infer<typeof ZWithdrawInputSchema>;

/** POST /api/applications/{id}/no-show/: the owner's report that the accepted pharmacist did not come, with a note. */
export const ZNoShowInputSchema = z.preprocess(
  (v) => v ?? {},
  z.object({ reason: zText(LIMITS.cancellationReasonMaxLength, RELIABILITY_MESSAGES.reasonTooLong).optional() }),
);
export type TNoShowInput = z.infer<typeof ZNoShowInputSchema>;
