/**
 * 'Scarica i miei dati' (decision 066): the `dati.json` of GET /api/user/export/'s ZIP, key by key as
 * docs/data-export.md describes them. Times are ISO 8601 in UTC; days (an offer's dates) are YYYY-MM-DD.
 */
import { z } from 'zod';
import { APPLICATION_STATUSES } from './applications';
import { ZRoleSchema } from './common';
import { ZEngagementPaySchema } from './engagement-pay';
import { ZInvoiceSchema } from './invoices';
import { ZAgreedTermsSchema, ZProposalSchema } from './pay';

const zTime = z.string();
const zMaybeTime = z.string().nullable();

export const CONSENT_SOURCES = ['registration', 'profile', 'unsubscribe', 'migration'] as const;
export type TConsentSource = (typeof CONSENT_SOURCES)[number];

/** A review as the export keeps it (decision 074): its answers, its dates, the reply, and whether an admin hid it. */
const ZExportedReviewSchema = z.object({
  application_id: z.number(),
  offer_title: z.string(),
  author_role: z.enum(['titolare', 'farmacista']),
  rating: z.number(),
  comment: z.string().nullable(),
  answers: z.record(z.string(), z.union([z.number(), z.boolean()])),
  created_at: zTime,
  published_at: zTime.nullable(),
  reply: z.string().nullable(),
  hidden: z.boolean(),
});

const ZWorkedHoursReviewSchema = z.object({
  status: z.enum(['pending', 'confirmed', 'disputed']),
  note: z.string().nullable(),
  /** Null when the pharmacy confirmed the offer's own hours (decision 095). */
  corrected_at: zMaybeTime,
  decided_at: zMaybeTime,
});

/** An offer as a pharmacist's application or invitation saw it. */
const ZExportedOfferSchema = z.object({
  id: z.number(),
  title: z.string(),
  pharmacy: z.string(),
  comune: z.string(),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
});

const ZStatusEventSchema = z.object({ status: z.enum(APPLICATION_STATUSES), message: z.string().nullable(), at: zTime });

/**
 * A pharmacist's professional file (decision 093) as the export keeps it: every field, and of the policy's PDF its
 * name, size and SHA-256 (not its bytes).
 */
export const ZExportedProfessionalFileSchema = z.object({
  codice_fiscale: z.string(),
  birth_date: z.string().nullable(),
  birth_place_code: z.string().nullable(),
  partita_iva: z.string(),
  tax_regime: z.string().nullable(),
  insurance_company: z.string(),
  insurance_policy_number: z.string(),
  insurance_cover: z.number().nullable(),
  insurance_expires_on: z.string().nullable(),
  insurance_document: z.object({ name: z.string(), size: z.number(), sha256: z.string() }).nullable(),
  insurance_reminded_for: z.string().nullable(),
  ecm_period_start: z.number().nullable(),
  ecm_credits: z.number().nullable(),
  /** The domicilio fiscale her invoices name (decision 095): street, CAP, comune by ISTAT code; and her IBAN. */
  fiscal_street: z.string(),
  fiscal_cap: z.string(),
  fiscal_comune_istat: z.string(),
  iban: z.string(),
  updated_at: zTime,
});

/** A contract of hers (decision 093), each version: its hash, dates and the two sides' confirmations. */
export const ZExportedContractSchema = z.object({
  id: z.number(),
  application_id: z.number().nullable(),
  version: z.number(),
  sha256: z.string(),
  created_at: zTime,
  superseded_at: zMaybeTime,
  keep_until: z.string(),
  confirmations: z.object({ owner_at: zMaybeTime, pharmacist_at: zMaybeTime }),
});

export const ZDataExportSchema = z.object({
  format: z.literal('farmaponte-dati'),
  version: z.literal(1),
  generated_at: zTime,
  account: z.object({
    id: z.number(),
    email: z.string(),
    role: ZRoleSchema,
    created_at: zTime,
    email_confirmed_at: zMaybeTime,
    last_active_at: zTime,
    suspension: z.object({ at: zTime, reason: z.string().nullable() }).nullable(),
    second_step_enabled: z.boolean(),
    second_step_enabled_at: zMaybeTime,
  }),
  /** Every profile field by its API name (packages/shared/src/profile-fields.ts), with the map position and last change. */
  profile: z.record(z.string(), z.union([z.string(), z.boolean(), z.number(), z.null()])),
  consents: z.object({
    communication: z.object({
      given: z.boolean(),
      history: z.array(z.object({ given: z.boolean(), source: z.enum(CONSENT_SOURCES), at: zTime })),
    }),
    privacy_policy: z.object({ given: z.boolean() }),
  }),
  cv: z.object({ file: z.literal('cv.pdf'), size: z.number(), uploaded_at: zTime, kept_at: zMaybeTime }).nullable(),
  cv_views: z.array(
    z.object({
      at: zTime,
      viewer_role: z.enum(['titolare', 'admin']),
      viewer_name: z.string(),
      pharmacy_name: z.string().nullable(),
      offer_title: z.string().nullable(),
    }),
  ),
  applications: z.array(
    z.object({
      id: z.number(),
      offer: ZExportedOfferSchema,
      submitted_at: zTime,
      status: z.enum(APPLICATION_STATUSES),
      status_changed_at: zTime,
      /** The owner's message with the last decision, or the standard answer when the offer stopped. */
      message: z.string().nullable(),
      history: z.array(ZStatusEventSchema),
      /** The terms the negotiation settled (null fields: the offer's) and its steps, oldest first (decision 094). */
      agreed: ZAgreedTermsSchema,
      proposals: z.array(ZProposalSchema),
    }),
  ),
  offers: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      description: z.string(),
      salary: z.string(),
      hourly_pay: z.number().nullable(),
      date_from: z.string().nullable(),
      date_to: z.string().nullable(),
      start_time: z.string().nullable(),
      end_time: z.string().nullable(),
      positions: z.number(),
      status: z.string(),
      created_at: zTime,
      updated_at: zTime,
      published_at: zMaybeTime,
      closed_at: zMaybeTime,
      hidden_at: zMaybeTime,
      /** How many applications, per status: no applicant's data. */
      applications: z.record(z.string(), z.number()),
      /** How many invitations the offer sent, per status (sent, accepted, declined, expired): no invitee's data. */
      invitations: z.record(z.string(), z.number()),
    }),
  ),
  /** A pharmacist's invitations (decision 071), with the offer as they saw it. */
  invitations_received: z.array(
    z.object({
      id: z.number(),
      offer: ZExportedOfferSchema,
      invited_by: z.enum(['owner', 'auto']),
      message: z.string().nullable(),
      status: z.enum(['sent', 'accepted', 'declined', 'expired']),
      created_at: zTime,
      expires_at: zTime,
      decided_at: zMaybeTime,
      decline_reason: z.string().nullable(),
    }),
  ),
  /** An owner's 'I miei farmacisti': whom (their user id) and since when, no other data of theirs. */
  favourite_pharmacists: z.array(z.object({ pharmacist_id: z.number(), added_at: zTime })),
  notifications: z.array(
    z.object({ type: z.string(), title: z.string(), body: z.string(), link: z.string(), created_at: zTime, read_at: zMaybeTime }),
  ),
  saved_searches: z.array(
    z.object({
      name: z.string(),
      filters: z.record(z.string(), z.unknown()),
      frequency: z.enum(['immediate', 'daily']),
      created_at: zTime,
      last_run_at: zMaybeTime,
    }),
  ),
  /** A pharmacist's calendar of free days (decision 070) as stored, every day kept; null when never saved. */
  availability: z
    .object({
      comune: z.string(),
      province: z.string(),
      radius_km: z.number(),
      min_pay: z.number().nullable(),
      visible: z.boolean(),
      updated_at: zTime,
      days: z.array(z.object({ date: z.string(), part: z.string() })),
    })
    .nullable(),
  /** The notification types whose e-mail the user turned off (every other type is mailed). */
  email_opt_outs: z.array(z.string()),
  verification: z
    .object({
      status: z.enum(['pending', 'verified', 'rejected']),
      requested_at: zTime,
      decided_at: zMaybeTime,
      /** The reason of a rejection, as the user was told; null otherwise. */
      reason: z.string().nullable(),
      recheck_at: zMaybeTime,
      document_uploaded_at: zMaybeTime,
    })
    .nullable(),
  reports_made: z.array(
    z.object({
      target_type: z.enum(['offer', 'user']),
      target_id: z.number(),
      reason: z.enum(['fake', 'inappropriate', 'spam', 'other']),
      details: z.string().nullable(),
      status: z.enum(['open', 'resolved']),
      created_at: zTime,
      resolved_at: zMaybeTime,
    }),
  ),
  /** The messages the user wrote in application threads (decision 072); the other side's messages stay theirs. */
  messages_written: z.array(
    z.object({
      application_id: z.number(),
      offer_title: z.string(),
      body: z.string(),
      created_at: zTime,
      read_at: zMaybeTime,
    }),
  ),
  /**
   * A pharmacist's hours of accepted shifts where they differ from the offer's (decision 075), by shift, with the
   * owner's answer as the pharmacist saw it.
   */
  worked_hours: z.array(
    z.object({
      application_id: z.number(),
      offer_title: z.string(),
      pharmacy: z.string(),
      days: z.array(z.object({ date: z.string(), start_time: z.string(), end_time: z.string(), updated_at: zTime })),
      review: ZWorkedHoursReviewSchema.nullable(),
    }),
  ),
  /** An owner's answers to the corrected hours of shifts on their offers. */
  worked_hours_answers: z.array(ZWorkedHoursReviewSchema.extend({ application_id: z.number(), offer_title: z.string() })),
  /** Whether the pharmacist has a calendar feed, and since when; never its address, which is a secret. */
  calendar_feed: z.object({ created_at: zTime }).nullable(),
  /**
   * Reviews (decision 074): those the user wrote, published or not, and those about them once published (an
   * unpublished one is not theirs to read yet); hidden ones say so.
   */
  reviews_written: z.array(ZExportedReviewSchema),
  reviews_received: z.array(ZExportedReviewSchema),
  /** The user's own late cancellations and no-shows (decision 074). */
  reliability_events: z.array(
    z.object({
      kind: z.enum(['late_cancellation', 'very_late_cancellation', 'no_show']),
      offer_title: z.string(),
      first_day: z.string().nullable(),
      reason: z.string().nullable(),
      at: zTime,
    }),
  ),
  /** A pharmacist's professional file (decision 093); null for anyone else or before it is filled in. */
  professional_file: ZExportedProfessionalFileSchema.nullable(),
  /** A pharmacist's contracts (decision 093), every version, oldest first. */
  contracts: z.array(ZExportedContractSchema),
  /**
   * A pharmacist's worked shifts up to the export's day (decision 094): each one's days as worked and its pay as agreed,
   * hour by hour with the supplements, travel and lodging, oldest first.
   */
  worked_shifts: z.array(
    z.object({
      application_id: z.number(),
      offer_title: z.string(),
      pharmacy: z.string(),
      days: z.array(
        z.object({
          date: z.string(),
          start_time: z.string().nullable(),
          end_time: z.string().nullable(),
          corrected: z.boolean(),
          minutes: z.number(),
          amount: z.number().nullable(),
        }),
      ),
      pay: ZEngagementPaySchema,
    }),
  ),
  /**
   * A pharmacist's invoices and credit notes (decision 095), oldest first, each as issued with its state on the
   * export's day, its FatturaPA XML as text and the day it is kept until (ten years from its issue).
   */
  invoices: z.array(ZInvoiceSchema.extend({ xml: z.string(), xml_sha256: z.string(), keep_until: z.string() })),
});
export type TDataExport = z.infer<typeof ZDataExportSchema>;
