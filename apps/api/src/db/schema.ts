/** The relational model. Every table that holds a user's data cascades from users, so deleting a user erases it (GDPR). */
import { PROFILE_FIELD_NAMES, PROFILE_FIELDS, type TProfileFieldName } from '@farmaponte/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`), index('users_role_idx').on(t.role)],
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

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const cvFiles = pgTable('cv_files', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: bytea('data').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offers_owner_idx').on(t.ownerId), index('offers_date_to_idx').on(t.dateTo)],
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
  },
  (t) => [
    uniqueIndex('applications_offer_farmacista_unique').on(t.offerId, t.farmacistaId),
    index('applications_farmacista_idx').on(t.farmacistaId),
  ],
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
  ],
);
