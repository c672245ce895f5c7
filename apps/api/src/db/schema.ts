/**
 * The relational model. Every table that holds a user's data cascades from users, so deleting a user erases it (GDPR).
 * Over 400 lines on purpose: drizzle-kit generates each migration from this one file, and the tables' foreign keys and
 * cascades are read in one place (a table split from the others would hide what a user's deletion reaches).
 */
import {
  PROFILE_FIELD_NAMES,
  PROFILE_FIELDS,
  type TCcnlLevel,
  type TLegalForm,
  type TProfileFieldName,
} from '@farmaponte/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['farmacista', 'titolare', 'admin'] }).notNull(),
    /** When the user opened the confirmation link of their e-mail; null until then. Accounts older than the rule count as confirmed. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Set while an admin has suspended the account: no login, no session, with the reason the user was told. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    /**
     * The last time the user logged in, refreshed a session or asked to keep the account: the start of the inactivity
     * term after which the account is erased (after a warning; see retention_notices).
     */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    index('users_last_active_idx').on(t.lastActiveAt),
  ],
);

const textColumn = (name: string) => text(name).notNull().default('');
const consentColumn = (name: string) => boolean(name).notNull().default(false);
type TProfileColumns = {
  [K in TProfileFieldName as (typeof PROFILE_FIELDS)[K]['key']]: (typeof PROFILE_FIELDS)[K]['kind'] extends 'consent'
    ? ReturnType<typeof consentColumn>
    : ReturnType<typeof textColumn>;
};

/** One column per field of the shared profile definition (packages/shared/src/profile-fields.ts). */
function profileFieldColumns(): TProfileColumns {
  const columns = PROFILE_FIELD_NAMES.map((name) => {
    const field = PROFILE_FIELDS[name];
    return [field.key, field.kind === 'consent' ? consentColumn(field.column) : textColumn(field.column)];
  });
  return Object.fromEntries(columns) as TProfileColumns;
}

export const profiles = pgTable(
  'profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...profileFieldColumns(),
    /** Owner's map position, set by an admin; null means "use the comune's centroid". */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** lower(email name surname pharmacy comune), kept by a trigger (migration 0003) for the admin searches. */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [index('profiles_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: text('jti').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** All tokens rotated from one login share a family; reuse of a rotated token revokes the family. */
    familyId: text('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_family_idx').on(t.familyId)],
);

/**
 * The purposes of single-use tokens (decision 086): a password-reset link, an e-mail confirmation link, a login's
 * challenge between its password and its code, a retention warning's keep link.
 */
export const SINGLE_USE_TOKEN_PURPOSES = ['password_reset', 'email_confirmation', 'second_step', 'retention_keep'] as const;

/**
 * Every token that is mailed or answered once, used at most once and expires (decision 086): kept as its SHA-256, with
 * its purpose and user, and `data` for what a purpose needs besides (a keep link: which notice). Written and read only
 * through lib/single-use-tokens.ts. Goes with the user's account.
 */
export const singleUseTokens = pgTable(
  'single_use_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', { enum: SINGLE_USE_TOKEN_PURPOSES }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('single_use_tokens_user_idx').on(t.userId, t.purpose), index('single_use_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * A person checked by an admin: an owner against the pharmacy they run (a registry row, a document), a pharmacist
 * against the Ordine's albo. One row per user who asked; an owner has one from registration. `recheckAt`: when a
 * verified pharmacist's albo entry is due to be looked at again.
 */
export const verifications = pgTable(
  'verifications',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'verified', 'rejected'] })
      .notNull()
      .default('pending'),
    /** The admin's reason for a rejection, shown to the user. */
    reason: text('reason'),
    /** Since when the request waits in the admin's queue. */
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    recheckAt: timestamp('recheck_at', { withTimezone: true }),
  },
  (t) => [index('verifications_status_requested_idx').on(t.status, t.requestedAt)],
);

/** An owner's document for the admin (visura camerale or authorisation), stored like a CV: the current version. */
export const verificationDocuments = pgTable('verification_documents', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: uuid('version').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The document's bytes in pieces of at most 256 KB, like cv_file_pieces. */
export const verificationDocumentPieces = pgTable(
  'verification_document_pieces',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: uuid('version').notNull(),
    n: integer('n').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.version, t.n] })],
);

/** A user's CV: which version of cv_file_pieces is the current one. Switching `version` replaces the CV in one step. */
export const cvFiles = pgTable('cv_files', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: uuid('version').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the pharmacist last said to keep this CV as it is (the link of the warning mail); the term restarts there. */
  keptAt: timestamp('kept_at', { withTimezone: true }),
});

/**
 * A CV's bytes in pieces of at most 256 KB, `n` from 0 (docs/decisions/030). On the embedded database each piece is
 * its own short statement; no statement writes a whole 5 MB value. Stored without compression (PDFs are compressed).
 */
export const cvFilePieces = pgTable(
  'cv_file_pieces',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: uuid('version').notNull(),
    n: integer('n').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.version, t.n] })],
);

export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    salary: text('salary').notNull().default(''),
    dateFrom: date('date_from', { mode: 'string' }),
    dateTo: date('date_to', { mode: 'string' }),
    /** How many pharmacists are wanted; as many accepted applications make the offer `filled`. */
    positions: integer('positions').notNull().default(1),
    /** Set while the owner has closed the offer (POST /api/offers/{id}/close/), cleared on reopen. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Kept by the service with every decision and withdrawal, so "open" is one comparison in every list. */
    acceptedCount: integer('accepted_count').notNull().default(0),
    /** Euros an hour (5–200, two decimals); null for an old offer whose salary text held no number. */
    hourlyPay: numeric('hourly_pay', { precision: 6, scale: 2, mode: 'number' }),
    /** The daily hours, HH:MM, or null. */
    startTime: text('start_time'),
    endTime: text('end_time'),
    /**
     * Where the offer is, copied from its pharmacy when it is written and when an admin moves the pharmacy (the
     * owner's coordinates, else the centre of its comune), so a search filters and measures in SQL on indexed columns.
     * placedAt null: not placed yet (offers written before decision 026, bulk loads); placeOffers() fills them in.
     */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** The pharmacy's province (sigla), region (official name) and comune without accents or case, for the filters. */
    province: text('province').notNull().default(''),
    region: text('region').notNull().default(''),
    comuneKey: text('comune_key').notNull().default(''),
    placedAt: timestamp('placed_at', { withTimezone: true }),
    /**
     * When the offer went out: at once for a verified owner, on the owner's approval otherwise. Null while it waits
     * (`pending_verification`): visible to its owner only, never searched, shown publicly or alerted.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
    /** Set when an admin hid the offer after a report: it is closed and its owner cannot reopen it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** The shifts published together (days picked on a calendar, every Saturday, a CSV): edited or closed as one. */
    seriesId: uuid('series_id'),
    /** The person who published it (the titolare or a member of the pharmacy's staff); null once their account is gone. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Under which legal forms the shift may be worked (decision 093): `dipendente` (a fixed-term employee on the CCNL,
     * at `ccnlLevel`) and/or `libera_professione` (a freelancer with a partita IVA). Never prestazione occasionale.
     */
    legalForms: text('legal_forms').array().$type<TLegalForm[]>().notNull().default(sql`'{dipendente}'::text[]`),
    /** The CCNL Farmacie private level of an employee engagement (packages/shared CCNL_LEVELS); null without `dipendente`. */
    ccnlLevel: text('ccnl_level').$type<TCcnlLevel>(),
    /**
     * Pay as agreed (decision 094). Night service (doors open or closed on call) from `nightFrom` (null: the whole
     * shift), which lets the hours end the next morning; a freelancer's fee when it differs from `hourlyPay`, and their
     * night and holiday fees; days the pharmacy marks as local holidays.
     */
    nightService: text('night_service', { enum: ['battenti_aperti', 'battenti_chiusi'] }),
    nightFrom: text('night_from'),
    feeHourly: numeric('fee_hourly', { precision: 6, scale: 2, mode: 'number' }),
    nightFee: numeric('night_fee', { precision: 6, scale: 2, mode: 'number' }),
    holidayFee: numeric('holiday_fee', { precision: 6, scale: 2, mode: 'number' }),
    extraHolidays: date('extra_holidays', { mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
    /** Travel: a fixed sum (`travelAmount`) or euros a km (`travelPerKm`, capped at `travelCap`), once or per working day. */
    travelMode: text('travel_mode', { enum: ['fisso', 'km'] }),
    travelAmount: numeric('travel_amount', { precision: 7, scale: 2, mode: 'number' }),
    travelPerKm: numeric('travel_per_km', { precision: 4, scale: 2, mode: 'number' }),
    travelCap: numeric('travel_cap', { precision: 7, scale: 2, mode: 'number' }),
    travelPerDay: boolean('travel_per_day').notNull().default(false),
    lodgingNights: integer('lodging_nights'),
    lodgingNote: text('lodging_note').notNull().default(''),
    /** The bounds of a negotiation: the highest fee and travel sum a pharmacist may propose; null: not negotiated. */
    negotiationMaxHourly: numeric('negotiation_max_hourly', { precision: 6, scale: 2, mode: 'number' }),
    negotiationMaxTravel: numeric('negotiation_max_travel', { precision: 7, scale: 2, mode: 'number' }),
    /**
     * In the pharmacist's pocket (decision 096): when the owner marked the shift urgent (it starts within 72 hours); the
     * pharmacists free that day within their radius are told at once (urgentAlerts), the search lists it first.
     */
    urgentAt: timestamp('urgent_at', { withTimezone: true }),
    /**
     * The shift's pay for one pharmacist, hours × rates with the contract's supplements, worked out when the offer is
     * written (packages/shared payLines), per form; null where the form is not offered or the offer has no days and
     * hours. The search sorts and filters on it (plus travel, in SQL).
     */
    payTotalDipendente: numeric('pay_total_dipendente', { precision: 9, scale: 2, mode: 'number' }),
    payTotalLibera: numeric('pay_total_libera', { precision: 9, scale: 2, mode: 'number' }),
    /** When the totals were last worked out; null for offers written before decision 094, filled in at start-up. */
    payComputedAt: timestamp('pay_computed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('offers_owner_idx').on(t.ownerId),
    index('offers_series_idx').on(t.seriesId).where(sql`${t.seriesId} is not null`),
    index('offers_date_to_idx').on(t.dateTo),
    index('offers_lat_lng_idx').on(t.lat, t.lng),
    index('offers_region_idx').on(t.region),
    index('offers_province_idx').on(t.province),
    index('offers_created_at_idx').on(t.createdAt),
    index('offers_unplaced_idx').on(t.id).where(sql`${t.placedAt} is null`),
    index('offers_pay_uncomputed_idx').on(t.id).where(sql`${t.payComputedAt} is null`),
  ],
);

export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    farmacistaId: integer('farmacista_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** sent | seen | accepted | rejected | withdrawn (packages/shared APPLICATION_STATUSES). */
    status: text('status', { enum: ['sent', 'seen', 'accepted', 'rejected', 'withdrawn'] })
      .notNull()
      .default('sent'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The owner's message with the last decision (or the standard answer when the offer stopped), shown to the pharmacist. */
    message: text('message'),
    /** The legal form she applied under, one of the offer's `legalForms` (decision 093). */
    legalForm: text('legal_form', { enum: ['dipendente', 'libera_professione'] })
      .notNull()
      .default('dipendente'),
    /** The terms a negotiation settled (decision 094): the hourly pay and the travel sum; null: the offer's. */
    agreedHourly: numeric('agreed_hourly', { precision: 6, scale: 2, mode: 'number' }),
    agreedTravel: numeric('agreed_travel', { precision: 7, scale: 2, mode: 'number' }),
  },
  (t) => [
    uniqueIndex('applications_offer_farmacista_unique').on(t.offerId, t.farmacistaId),
    index('applications_farmacista_idx').on(t.farmacistaId),
    // An owner's received applications (page, total, ?status=) read from the index alone (docs/decisions/029).
    index('applications_offer_submitted_idx').on(t.offerId, t.submittedAt, t.id, t.status),
    // A pharmacist's accepted shifts, for the double-booking check and the owner's card (decision 071): the few accepted
    // rows of each pharmacist without reading the others from the table.
    index('applications_accepted_farmacista_idx').on(t.farmacistaId).where(sql`${t.status} = 'accepted'`),
  ],
);

/** Every status an application has had, oldest first: the history both sides see. */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['sent', 'seen', 'accepted', 'rejected', 'withdrawn'] }).notNull(),
    message: text('message'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The pharmacy's person who made the step (a decision by a member of its staff), by name as it was then: the
     * history says "Farmacia X (Laura Neri)" after the member has left. Null for the pharmacist's steps and the platform's.
     */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
  },
  (t) => [index('application_events_application_idx').on(t.applicationId, t.id)],
);

/** What reached a user in the app (the bell): one row per event that concerns them. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A user's list, newest first by when each happened (the demo's story is told out of order in time).
    index('notifications_user_time_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** E-mail turned off for one type of notification (every type is on until a row says otherwise). */
export const notificationEmailOptOuts = pgTable(
  'notification_email_opt_outs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/**
 * Mails to send, written in the same transaction as the change that causes them; a background sender claims a batch
 * (FOR UPDATE SKIP LOCKED + a lease in claimed_until), sends, and marks each sent, retrying with backoff.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** The recipient's account: deleting it drops its unsent mail too (GDPR). Null for mail to no account. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** An iCalendar event (text/calendar) attached as invite.ics, or null. */
    ics: text('ics'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the sender gave up after LIMITS.outboxMaxAttempts. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`)],
);

/** A pharmacist's saved search ('Avvisami', decision 026): its new matching offers reach them as an alert. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The search's parameters by their names (packages/shared ZOfferFiltersSchema), as parsed. */
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    frequency: text('frequency', { enum: ['immediate', 'daily'] }).notNull(),
    /** When the sender last looked for it: daily ones once per Italian day. */
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId), index('saved_searches_frequency_idx').on(t.frequency)],
);

/** The offers each saved search has already announced: none is announced twice. */
export const savedSearchSentOffers = pgTable(
  'saved_search_sent_offers',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.offerId] }), index('saved_search_sent_offers_offer_idx').on(t.offerId)],
);

/** The national pharmacy registry (Ministry of Health open data, IODL 2.0), one row per active pharmacy. */
export const pharmacies = pgTable(
  'pharmacies',
  {
    codFarmacia: text('cod_farmacia').primaryKey(),
    codFarmaciaAsl: text('cod_farmacia_asl').notNull().default(''),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    partitaIva: text('partita_iva').notNull().default(''),
    cap: text('cap').notNull().default(''),
    codComune: text('cod_comune').notNull().default(''),
    comune: text('comune').notNull().default(''),
    frazione: text('frazione').notNull().default(''),
    siglaProvincia: text('sigla_provincia').notNull().default(''),
    provincia: text('provincia').notNull().default(''),
    regione: text('regione').notNull().default(''),
    tipologia: text('tipologia').notNull().default(''),
    validFrom: date('valid_from', { mode: 'string' }),
    /** Not in the Ministry's file; kept for when a source provides it. */
    phone: text('phone'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** lower(name address comune provincia sigla), indexed with trigrams for substring search. */
    searchText: text('search_text').notNull().default(''),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pharmacies_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('pharmacies_name_idx').on(t.name),
    // The owner's lookup matches a code by its beginning (LIKE '123%'), which the primary key's index cannot serve
    // outside the C collation: with this one the lookup's OR of code and text is two index scans, not a table scan.
    index('pharmacies_code_prefix_idx').using('btree', t.codFarmacia.op('text_pattern_ops')),
  ],
);

/**
 * One row per periodic job (modules/jobs): its last run, shared by every instance, so GET /api/health/ can tell a
 * job that no instance runs, and a daily job runs once a day however many instances there are (docs/decisions/038).
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastDurationMs: integer('last_duration_ms'),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
});

/**
 * A user's report of an offer or of another user, for the admins' desk. At most one open report per reporter and
 * target. `targetUserId` is the user the report is about (the offer's owner for an offer), so the desk groups and
 * shows history per person; it is kept when the offer is deleted. Reporters are never shown to the reported.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['offer', 'user'] }).notNull(),
    /** The offer's id or the user's id, as reported; no foreign key, so a report outlives its offer. */
    targetId: integer('target_id').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The review a 'Segnala' on a review reported (decision 074): its author is the target; hiding it resolves this. */
    reviewId: integer('review_id').references(() => reviews.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: ['fake', 'inappropriate', 'spam', 'other'] }).notNull(),
    details: text('details'),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    resolvedAction: text('resolved_action', { enum: ['dismiss', 'hide_offer', 'suspend_user', 'hide_review'] }),
    resolvedNote: text('resolved_note'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_open_unique').on(t.reporterId, t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_target_idx').on(t.targetType, t.targetId),
    index('reports_target_user_idx').on(t.targetUserId),
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt),
    index('reports_review_idx').on(t.reviewId),
  ],
);

/**
 * What every admin did, written in the transaction of the action itself. No API edits or deletes a row; a job prunes
 * rows older than the retention period. Ids carry no foreign key, so an entry outlives the people it names; the
 * actor's e-mail is kept as it was, so the log still says who acted after that admin's account is gone.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email').notNull(),
    /** e.g. verification.verify, user.suspend, report.resolve, cv.open (the module writing it lists them). */
    action: text('action').notNull(),
    targetUserId: integer('target_user_id'),
    /** What else the action was about: 'offer', 'report', 'pharmacy', 'registry', with its id as text. */
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
    index('audit_log_target_user_idx').on(t.targetUserId, t.at),
  ],
);

/**
 * A user's second login step (TOTP, RFC 6238). `enabledAt` null: set up but not confirmed with a first code yet.
 * `lastStep`: the time step of the last code accepted, so no code is accepted twice.
 */
export const twoFactor = pgTable('two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: integer('last_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The ten single-use recovery codes given when the second step is turned on, stored hashed. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * Every change of a consent, with where it happened, oldest first: the history a user gets in their export. The
 * current value stays in profiles (communicationConsent); this is its record. `source` `migration`: the value a user
 * already had when the history began.
 */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consent: text('consent', { enum: ['communication'] }).notNull(),
    given: boolean('given').notNull(),
    source: text('source', { enum: ['registration', 'profile', 'unsubscribe', 'migration'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_events_user_idx').on(t.userId, t.id)],
);

/**
 * Each time someone other than the pharmacist opened their CV: an owner through an application, or an admin. The
 * viewer's name and pharmacy are kept as they were, so the pharmacist's list still says who after that account is
 * gone. Goes with the pharmacist's account.
 */
export const cvViews = pgTable(
  'cv_views',
  {
    id: serial('id').primaryKey(),
    pharmacistId: integer('pharmacist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewerId: integer('viewer_id').references(() => users.id, { onDelete: 'set null' }),
    viewerRole: text('viewer_role', { enum: ['titolare', 'admin'] }).notNull(),
    viewerName: text('viewer_name').notNull(),
    pharmacyName: text('pharmacy_name'),
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'set null' }),
    /** The offer's title as it was, for the list (the application may be gone). */
    offerTitle: text('offer_title'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cv_views_pharmacist_idx').on(t.pharmacistId, t.at, t.id)],
);

/**
 * A warning mail sent before something is erased for lack of use: `account` (no login for the inactivity term) or
 * `cv` (not updated for the CV term). Erased at `erasesAt` unless the user keeps it first: the mail's link (a
 * `retention_keep` single-use token, issued with the notice at `warnedAt`) or, for the account, a login, deletes the
 * notice and restarts the term.
 */
export const retentionNotices = pgTable(
  'retention_notices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['account', 'cv'] }).notNull(),
    warnedAt: timestamp('warned_at', { withTimezone: true }).notNull().defaultNow(),
    erasesAt: timestamp('erases_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] }), index('retention_notices_erases_at_idx').on(t.erasesAt)],
);

/**
 * Where and on what terms a pharmacist is willing to work (decision 069): the comune they start from, how far they go
 * (km), the least they accept an hour, and whether owners may find them. One row per pharmacist who saved a calendar.
 * The comune's centre is copied in when it is written, so the owners' search measures in SQL.
 */
export const availability = pgTable(
  'availability',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The comune's canonical name (geo), its province (sigla) and its centre. */
    comune: text('comune').notNull(),
    province: text('province').notNull().default(''),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    radiusKm: integer('radius_km').notNull(),
    /** Euros an hour at least; null: any pay. */
    minPay: numeric('min_pay', { precision: 6, scale: 2, mode: 'number' }),
    /** False: the calendar is the pharmacist's own and no owner finds it. */
    visible: boolean('visible').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('availability_visible_lat_lng_idx').on(t.lat, t.lng).where(sql`${t.visible}`)],
);

/**
 * The days a pharmacist can work, each with a part of the day. Past days are never read (the search and the calendar
 * start today) and a daily job removes them. A day with an accepted shift is left out when read.
 */
export const availabilityDays = pgTable(
  'availability_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    part: text('part', { enum: ['giornata', 'mattina', 'pomeriggio', 'notte'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.part] }), index('availability_days_day_idx').on(t.day, t.userId)],
);

/**
 * An owner's invitation of a pharmacist to one of their open offers (decision 069), by hand or by the platform
 * (`invitedBy` 'auto': 'Invita i farmacisti disponibili'). One per offer and pharmacist, ever. `status` is what the
 * pharmacist answered; a `sent` invitation past `expiresAt` (72 hours, or the offer's first day if sooner) is expired.
 * Accepting it makes an application already `accepted` (`applicationId`).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    pharmacistId: integer('pharmacist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: text('invited_by', { enum: ['owner', 'auto'] })
      .notNull()
      .default('owner'),
    message: text('message'),
    status: text('status', { enum: ['sent', 'accepted', 'declined'] })
      .notNull()
      .default('sent'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    declineReason: text('decline_reason'),
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invitations_offer_pharmacist_unique').on(t.offerId, t.pharmacistId),
    index('invitations_pharmacist_idx').on(t.pharmacistId, t.createdAt),
    index('invitations_offer_status_idx').on(t.offerId, t.status, t.expiresAt),
  ],
);

/**
 * How the platform invites for an offer (decision 069): `matches` invites the best matches at once, `favourites_first`
 * the owner's favourites at once and the other matches after `delayHours` if places are still free. One row per offer
 * whose owner ticked 'Invita i farmacisti disponibili'; `widenedAt` is when the other matches became eligible.
 */
export const offerAutoInvites = pgTable(
  'offer_auto_invites',
  {
    offerId: integer('offer_id')
      .primaryKey()
      .references(() => offers.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['matches', 'favourites_first'] }).notNull(),
    delayHours: integer('delay_hours').notNull().default(0),
    /** When the others may be invited: at once for `matches`, after the delay for `favourites_first`. */
    widensAt: timestamp('widens_at', { withTimezone: true }).notNull(),
    /** The last time the job looked at this offer. */
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offer_auto_invites_last_run_idx').on(t.lastRunAt)],
);

/** An owner's favourite pharmacists ('I miei farmacisti'): someone who worked a shift for them or applied to them. */
export const favouritePharmacists = pgTable(
  'favourite_pharmacists',
  {
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pharmacistId: integer('pharmacist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.pharmacistId] }), index('favourite_pharmacists_pharmacist_idx').on(t.pharmacistId)],
);

/**
 * One thread per application (decision 069): the applicant and the offer's owner, newest last. `recipientId` is the
 * other side, so each user's unread count is one index read. A thread is read only 30 days after the offer's last day.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** The pharmacy's person who wrote it, by name as it was then (the thread shows "Farmacia X (Laura Neri)"). */
    actorName: text('actor_name'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_application_idx').on(t.applicationId, t.id),
    index('messages_unread_idx').on(t.recipientId, t.applicationId).where(sql`${t.readAt} is null`),
  ],
);

/** When a thread last mailed one of its two sides: at most one mail per thread and recipient every 15 minutes. */
export const messageMailMarks = pgTable(
  'message_mail_marks',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.userId] })],
);

/**
 * After the shift (decision 073): one review per side of an accepted application whose offer's last day has passed,
 * written within 14 days. Double blind: `publishedAt` is set when both sides have written theirs or the window closes,
 * never before, and only published reviews are ever shown. The owner also rates punctuality, communication and the
 * handover and says whether they would hire again; the pharmacist rates the welcome, the clarity of the tasks and
 * whether the pay was as agreed (1–5 each). The reviewed side may reply once; an admin may hide a review.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorRole: text('author_role', { enum: ['titolare', 'farmacista'] }).notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    /** The owner's answers about the pharmacist. */
    wouldHireAgain: boolean('would_hire_again'),
    punctuality: integer('punctuality'),
    communication: integer('communication'),
    handover: integer('handover'),
    /** The pharmacist's answers about the pharmacy. */
    welcome: integer('welcome'),
    taskClarity: integer('task_clarity'),
    payAsAgreed: integer('pay_as_agreed'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_application_author_unique').on(t.applicationId, t.authorId),
    index('reviews_subject_published_idx').on(t.subjectId, t.publishedAt),
    index('reviews_unpublished_idx').on(t.createdAt).where(sql`${t.publishedAt} is null`),
  ],
);

/**
 * What lowers a reliability record (decision 073): a late cancellation of an accepted shift (less than 7 days before
 * its first day; `very_late` under 48 hours) by either side, or a pharmacist who did not show up, reported by the owner
 * on the first day. The record shown beside a rating counts these over the last 12 months against completed shifts.
 * The offer's title and first day are kept as they were, so the record survives the offer.
 */
export const reliabilityEvents = pgTable(
  'reliability_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['late_cancellation', 'very_late_cancellation', 'no_show'] }).notNull(),
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'set null' }),
    offerTitle: text('offer_title').notNull(),
    firstDay: date('first_day', { mode: 'string' }),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reliability_events_user_at_idx').on(t.userId, t.at),
    uniqueIndex('reliability_events_application_kind_unique').on(t.applicationId, t.kind),
  ],
);

/**
 * The hours a pharmacist actually worked on one day of an accepted shift, when they differ from the offer's (decision
 * 073): written within 14 days of the offer's last day; the owner confirms or disputes the whole shift's hours.
 */
export const workedHours = pgTable(
  'worked_hours',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.day] })],
);

/** The owner's answer to a pharmacist's corrected hours: `confirmed` or `disputed` (with a note), per shift. */
export const workedHoursReviews = pgTable('worked_hours_reviews', {
  applicationId: integer('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['pending', 'confirmed', 'disputed'] })
    .notNull()
    .default('pending'),
  note: text('note'),
  /** When the pharmacist last corrected the hours; null when the pharmacy confirmed the offer's own hours (decision 095). */
  correctedAt: timestamp('corrected_at', { withTimezone: true }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});

/**
 * A negotiation on an application (decision 094): her proposal (round 1, author farmacista) and at most one counter
 * by the pharmacy (round 2, author titolare). `scaduta` is never stored: a proposal still `in_attesa` when its offer
 * stops being open reads as expired.
 */
export const payProposals = pgTable(
  'pay_proposals',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    author: text('author', { enum: ['farmacista', 'titolare'] }).notNull(),
    hourlyPay: numeric('hourly_pay', { precision: 6, scale: 2, mode: 'number' }),
    travelAmount: numeric('travel_amount', { precision: 7, scale: 2, mode: 'number' }),
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: ['in_attesa', 'accettata', 'controproposta', 'rifiutata'] })
      .notNull()
      .default('in_attesa'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    /** The pharmacy's person who wrote a counter or decided on her proposal, by name as it was then. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pay_proposals_application_round_unique').on(t.applicationId, t.round)],
);

/** Reminders already sent for an accepted application: 24 hours before its first day, and the review invitation. */
export const shiftReminders = pgTable(
  'shift_reminders',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['before_shift', 'review_invitation'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.kind] })],
);

/** A pharmacist's private calendar feed (GET /api/calendar/{token}.ics): the token is shown once and stored hashed. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_unique').on(t.tokenHash)],
);

/**
 * The legal entity that owns pharmacies (decision 089): its data for invoices. A pharmacy is the owner account that
 * has always held one (its profile, its verification, its offers); the organisation groups them and the people who act
 * for them.
 */
export const organisations = pgTable('organisations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().default(''),
  partitaIva: text('partita_iva').notNull().default(''),
  codiceFiscale: text('codice_fiscale').notNull().default(''),
  sedeLegale: text('sede_legale').notNull().default(''),
  pec: text('pec').notNull().default(''),
  codiceSdi: text('codice_sdi').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which organisation a pharmacy (an owner account) belongs to: one, by the primary key. */
export const organisationPharmacies = pgTable(
  'organisation_pharmacies',
  {
    pharmacyId: integer('pharmacy_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organisation_pharmacies_organisation_idx').on(t.organisationId, t.pharmacyId)],
);

export const MEMBER_ROLES = ['titolare', 'responsabile', 'consultazione'] as const;

/**
 * The people who act for an organisation's pharmacies: `titolare` for all of them and for its people and invoicing
 * data, `responsabile` and `consultazione` for the pharmacies in `pharmacyIds` (consultazione reads only).
 */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    /** The pharmacies a responsabile or consultazione acts for; empty for a titolare (all of them). */
    pharmacyIds: integer('pharmacy_ids').array().notNull().default(sql`'{}'::integer[]`),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.userId] }), index('organisation_members_user_idx').on(t.userId)],
);

/**
 * An invitation to join an organisation's staff, sent by e-mail: the link's token kept as its SHA-256, used once.
 * Addressed to an address rather than an account (the person may have none yet), so it is not a single-use token of a
 * user (decision 089).
 */
export const organisationInvitations = pgTable(
  'organisation_invitations',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    pharmacyIds: integer('pharmacy_ids').array().notNull().default(sql`'{}'::integer[]`),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('organisation_invitations_token_unique').on(t.tokenHash),
    index('organisation_invitations_organisation_idx').on(t.organisationId, t.createdAt),
  ],
);

/**
 * A pharmacy's defaults when publishing (hours, pay, positions, a note for the pharmacist) and who of its staff is
 * mailed what it is told; `notifyUserIds` null: its titolari and the responsabili of this pharmacy.
 */
export const pharmacySettings = pgTable('pharmacy_settings', {
  pharmacyId: integer('pharmacy_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  startTime: text('start_time'),
  endTime: text('end_time'),
  hourlyPay: numeric('hourly_pay', { precision: 6, scale: 2, mode: 'number' }),
  positions: integer('positions'),
  note: text('note').notNull().default(''),
  notifyUserIds: integer('notify_user_ids').array(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * A pharmacist's professional file (decision 093): what every engagement needs, kept once. The codice fiscale, birth
 * date and place (codice catastale) for both legal forms; partita IVA and tax regime for freelance work; the
 * professional liability insurance (its policy as a PDF); the ECM credits declared for a three-year period.
 */
export const professionalFiles = pgTable(
  'professional_files',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    codiceFiscale: text('codice_fiscale').notNull().default(''),
    birthDate: date('birth_date', { mode: 'string' }),
    /** The comune's codice catastale (Belfiore), or a Z code for a state abroad. */
    birthPlaceCode: text('birth_place_code'),
    partitaIva: text('partita_iva').notNull().default(''),
    taxRegime: text('tax_regime', { enum: ['forfettario', 'ordinario'] }),
    insuranceCompany: text('insurance_company').notNull().default(''),
    insurancePolicyNumber: text('insurance_policy_number').notNull().default(''),
    /** The policy's cover (massimale), euros. */
    insuranceCover: numeric('insurance_cover', { precision: 12, scale: 2, mode: 'number' }),
    insuranceExpiresOn: date('insurance_expires_on', { mode: 'string' }),
    insurancePdf: bytea('insurance_pdf'),
    insurancePdfName: text('insurance_pdf_name'),
    insurancePdfSha256: text('insurance_pdf_sha256'),
    /** The expiry the 30-day reminder was sent for: a new date is reminded again, the same one never twice. */
    insuranceRemindedFor: date('insurance_reminded_for', { mode: 'string' }),
    /** The three-year ECM period the credits are declared for (its first year, e.g. 2026 for 2026–2028). */
    ecmPeriodStart: integer('ecm_period_start'),
    ecmCredits: integer('ecm_credits'),
    /** The domicilio fiscale an invoice names (decision 095): street and number, CAP, comune by ISTAT code. */
    fiscalStreet: text('fiscal_street').notNull().default(''),
    fiscalCap: text('fiscal_cap').notNull().default(''),
    fiscalComuneIstat: text('fiscal_comune_istat').notNull().default(''),
    /** Where the invoices ask to be paid (optional). */
    iban: text('iban').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('professional_files_insurance_expiry_idx').on(t.insuranceExpiresOn)],
);

/**
 * A contratto d'opera for one freelance engagement (decision 093), one row per version: the terms as both parties saw
 * them, the PDF made from them and its SHA-256, and each side's confirmation. A change of days, hours or fee writes a
 * new version and marks the previous one superseded. Kept for the legal retention period (`keepUntil`) whatever becomes
 * of the accounts, so the parties' references are set null and `terms` keeps who they were.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'set null' }),
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** The pharmacy (owner account) and its organisation. */
    pharmacyId: integer('pharmacy_id').references(() => users.id, { onDelete: 'set null' }),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    farmacistaId: integer('farmacista_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull(),
    terms: jsonb('terms').notNull(),
    pdf: bytea('pdf').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    ownerConfirmedAt: timestamp('owner_confirmed_at', { withTimezone: true }),
    ownerConfirmedBy: integer('owner_confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    ownerConfirmedName: text('owner_confirmed_name'),
    farmacistaConfirmedAt: timestamp('farmacista_confirmed_at', { withTimezone: true }),
    keepUntil: date('keep_until', { mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('contracts_application_version_unique').on(t.applicationId, t.version),
    index('contracts_farmacista_idx').on(t.farmacistaId),
    index('contracts_pharmacy_idx').on(t.pharmacyId),
    index('contracts_keep_until_idx').on(t.keepUntil),
  ],
);

/**
 * An expense a pharmacist claims on a freelance shift (decision 095): parking or another cost with its receipt, up to
 * a cap; the pharmacy confirms or disputes it, and one left unanswered is confirmed with the hours. `invoiceId` is the
 * invoice it is billed in (cleared when a credit note undoes that invoice).
 */
export const shiftExpenses = pgTable(
  'shift_expenses',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['parcheggio', 'altro'] }).notNull(),
    description: text('description').notNull(),
    amount: numeric('amount', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    spentOn: date('spent_on', { mode: 'string' }).notNull(),
    receipt: bytea('receipt').notNull(),
    receiptName: text('receipt_name').notNull(),
    receiptType: text('receipt_type').notNull(),
    receiptSha256: text('receipt_sha256').notNull(),
    status: text('status', { enum: ['in_attesa', 'confermata', 'contestata'] })
      .notNull()
      .default('in_attesa'),
    note: text('note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    invoiceId: integer('invoice_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shift_expenses_application_idx').on(t.applicationId)],
);

/**
 * An invoice or credit note a freelance pharmacist issued on the platform (decision 095): the snapshot it was made
 * from (parties, lines, amounts), its FatturaPA XML and PDF copy, made once and never edited. Kept ten years from its
 * issue (`keepUntil`) whatever becomes of the accounts: the references are set null and the snapshot keeps the names.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['fattura', 'nota_di_credito'] }).notNull(),
    farmacistaId: integer('farmacista_id').references(() => users.id, { onDelete: 'set null' }),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    /** The pharmacies (owner accounts) whose shifts it bills. */
    pharmacyIds: integer('pharmacy_ids').array().notNull().default(sql`'{}'::integer[]`),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    regime: text('regime', { enum: ['forfettario', 'ordinario'] }).notNull(),
    total: numeric('total', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    amountDue: numeric('amount_due', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    snapshot: jsonb('snapshot').notNull(),
    xml: text('xml').notNull(),
    xmlSha256: text('xml_sha256').notNull(),
    fileName: text('file_name').notNull(),
    pdf: bytea('pdf').notNull(),
    /** For a credit note: the invoice it undoes, and why. */
    creditsInvoiceId: integer('credits_invoice_id'),
    creditReason: text('credit_reason'),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidOn: date('paid_on', { mode: 'string' }),
    paidBy: integer('paid_by').references(() => users.id, { onDelete: 'set null' }),
    paidByName: text('paid_by_name'),
    /** When the overdue reminder went to the pharmacy: once per invoice. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    keepUntil: date('keep_until', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_farmacista_year_sequence_unique').on(t.farmacistaId, t.year, t.sequence),
    uniqueIndex('invoices_credits_unique').on(t.creditsInvoiceId),
    index('invoices_organisation_idx').on(t.organisationId, t.issuedOn),
    index('invoices_due_idx').on(t.dueOn),
    index('invoices_keep_until_idx').on(t.keepUntil),
  ],
);

/** The last number of each pharmacist's series in a year: taken under the row's lock, so numbers never skip or repeat. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    farmacistaId: integer('farmacista_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.farmacistaId, t.year] })],
);

/**
 * Which engagement is billed in which invoice: one row while it is (the primary key makes two invoices of one
 * engagement impossible); a credit note deletes its invoice's rows, so the engagement can be invoiced again.
 */
export const invoiceShifts = pgTable(
  'invoice_shifts',
  {
    applicationId: integer('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
  },
  (t) => [index('invoice_shifts_invoice_idx').on(t.invoiceId)],
);

/**
 * A browser's Web Push subscription (decision 096): where the push service takes a user's notifications for that
 * browser, and the keys they are encrypted with (RFC 8291). An endpoint belongs to one user; a push service answering
 * that it is gone (404, 410) removes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret, base64url, as PushSubscription.toJSON() gives them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The browser it came from, shortened, to tell one's devices apart. */
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** Push turned off for one type of notification (every pushed type is on until a row says otherwise). */
export const notificationPushOptOuts = pgTable(
  'notification_push_opt_outs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/**
 * Pushes to send, one per notification and subscription, written in the same transaction as the notification; a
 * background sender claims them as the mail outbox does (FOR UPDATE SKIP LOCKED and a lease), so a crash loses none
 * and two instances send none twice.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** What the service worker shows: { type, title, body, url, tag }. */
    payload: jsonb('payload').notNull(),
    /** How long the push service may keep it for an offline browser, in seconds, and its urgency (RFC 8030). */
    ttlSeconds: integer('ttl_seconds').notNull().default(86400),
    urgency: text('urgency', { enum: ['low', 'normal', 'high'] })
      .notNull()
      .default('normal'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`)],
);

/** Who was told of an urgent shift (decision 096): once per offer and pharmacist; the owner sees how many. */
export const urgentAlerts = pgTable(
  'urgent_alerts',
  {
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    pharmacistId: integer('pharmacist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.pharmacistId] }), index('urgent_alerts_pharmacist_idx').on(t.pharmacistId)],
);

/**
 * A pharmacist's external calendar (decision 096): the private iCalendar address, sealed with the server's secret box
 * (it is a credential), fetched by the server every few hours; the outcome of the last fetch.
 */
export const externalCalendars = pgTable('external_calendars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  urlSealed: text('url_sealed').notNull(),
  /** The address's host, shown to her ('calendar.google.com') without the private part. */
  host: text('host').notNull(),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  /** The last fetch tried, and the last that succeeded. */
  triedAt: timestamp('tried_at', { withTimezone: true }),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
  /** Why the last fetch failed (a message code), or null. */
  error: text('error'),
  /** When the next refresh is due (claimed by the job, several instances at once). */
  nextRefreshAt: timestamp('next_refresh_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The busy times read from a pharmacist's external calendar: only start and end, never what the event is. */
export const externalBusyTimes = pgTable(
  'external_busy_times',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => externalCalendars.userId, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** An all-day event: the whole of its days are busy. */
    allDay: boolean('all_day').notNull().default(false),
  },
  (t) => [index('external_busy_times_user_idx').on(t.userId, t.startsAt)],
);
