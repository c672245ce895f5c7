import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { ZUserDetailsSchema } from './account';
import { ZRoleSchema, zId, zText } from './common';

export const ZSearchQuerySchema = z.object({ search: zText(100) });
export type TSearchQuery = z.infer<typeof ZSearchQuerySchema>;

/** A registry pharmacy, plus where it is. */
export const ZPharmacySchema = z.object({
  pharmacy_id: z.string(),
  pharmacy_name: z.string(),
  address: z.string(),
  comune: z.string(),
  cap: z.string(),
  provincia: z.string(),
  regione: z.string(),
  phone: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type TPharmacy = z.infer<typeof ZPharmacySchema>;
export const ZPharmacyListSchema = z.array(ZPharmacySchema);

/** A compact map point: [pharmacy_id, lat, lng, name]. */
export const ZPharmacyPointSchema = z.tuple([z.string(), z.number(), z.number(), z.string()]);
export type TPharmacyPoint = z.infer<typeof ZPharmacyPointSchema>;
export const ZPharmacyPointsSchema = z.array(ZPharmacyPointSchema);

export const ZImportReportSchema = z.object({
  read: z.number(),
  imported: z.number(),
  updated: z.number(),
  skipped: z.number(),
  skippedReasons: z.record(z.string(), z.number()),
  withoutCoordinates: z.number(),
  /** How the file's bytes were read: UTF-8 (with or without BOM), or Windows-1252 when they are not valid UTF-8. */
  encoding: z.enum(['utf-8', 'utf-8-bom', 'windows-1252']),
  /** Rows skipped as faulty, with their row number in the file (the header is row 1), the first LIMITS.importBadRowsListed. */
  badRows: z.array(z.object({ row: z.number(), reason: z.string() })),
  /** All the faulty rows, listed or not. */
  badRowCount: z.number(),
});
export type TImportReport = z.infer<typeof ZImportReportSchema>;
export type TRegistryEncoding = TImportReport['encoding'];

/** One line of the import's NDJSON progress stream. */
export const ZImportEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), done: z.number(), total: z.number() }),
  z.object({ type: z.literal('done'), report: ZImportReportSchema }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type TImportEvent = z.infer<typeof ZImportEventSchema>;

/** An owner as the admin lists them. */
export const ZOwnerSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  dob: z.string(),
  provincia_residenza: z.string(),
  regione_residenza: z.string(),
  telephone: z.string(),
  denominazione_farmacia: z.string(),
  comune_farmacia: z.string(),
  numero_iscrizione_albo: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type TOwner = z.infer<typeof ZOwnerSchema>;

/** GET /api/users/titolare/: the owners found, as an object with one owner per key. */
export const ZOwnersByIdSchema = z.record(z.string(), ZOwnerSchema);
export type TOwnersById = z.infer<typeof ZOwnersByIdSchema>;

export const ZUserIdSchema = z.object({
  userId: zId,
});
export type TUserId = z.infer<typeof ZUserIdSchema>;

/** /api/users/{id}/details/. */
export const ZUserIdParamsSchema = z.object({ id: zId });

export const ZLocationSchema = z.object({
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** 'owner': set by an admin; 'comune': centroid of the pharmacy's comune; null: unknown. */
  source: z.enum(['owner', 'comune']).nullable(),
});
export type TLocation = z.infer<typeof ZLocationSchema>;

/** A coordinate typed as text (a decimal comma is fine) or sent as a number; an empty one is missing, not out of range. */
const zCoordinate = (min: number, max: number, messages: { required: string; invalid: string }) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const text = v.trim();
      return text === '' ? undefined : Number(text.replace(',', '.'));
    },
    z
      .number({ error: (issue) => (issue.input == null ? messages.required : messages.invalid) })
      .min(min, messages.invalid)
      .max(max, messages.invalid),
  );

export const ZLocationUpdateSchema = ZUserIdSchema.extend({
  lat: zCoordinate(-90, 90, { required: MESSAGES.latitudeRequired, invalid: MESSAGES.invalidLatitude }),
  lng: zCoordinate(-180, 180, { required: MESSAGES.longitudeRequired, invalid: MESSAGES.invalidLongitude }),
});
export type TLocationUpdate = z.infer<typeof ZLocationUpdateSchema>;

/** The answer of POST /api/users/update_location/: the message, and a warning when the point is outside Italy. */
export const ZLocationUpdateAnswerSchema = z.object({ message: z.string(), warning: z.string().optional() });
export type TLocationUpdateAnswer = z.infer<typeof ZLocationUpdateAnswerSchema>;

export const ITALY_BOUNDS = { minLat: 35.3, maxLat: 47.2, minLng: 6.5, maxLng: 18.6 } as const;
export const isInItaly = (lat: number, lng: number) =>
  lat >= ITALY_BOUNDS.minLat && lat <= ITALY_BOUNDS.maxLat && lng >= ITALY_BOUNDS.minLng && lng <= ITALY_BOUNDS.maxLng;

export const ZUsersQuerySchema = z.object({
  search: zText(100),
  role: z.preprocess((v) => (v === '' || v == null ? undefined : v), ZRoleSchema.optional()),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(LIMITS.usersMaxPageSize).default(LIMITS.usersPageSize),
});
export type TUsersQuery = z.infer<typeof ZUsersQuerySchema>;

export const ZUserRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  role: ZRoleSchema,
  preferredRegion: z.string(),
  name: z.string(),
  surname: z.string(),
  created_at: z.string(),
});
export type TUserRow = z.infer<typeof ZUserRowSchema>;

export const ZUsersPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(ZUserRowSchema),
});
export type TUsersPage = z.infer<typeof ZUsersPageSchema>;

export const ZAdminUserDetailsSchema = ZUserDetailsSchema.extend({
  created_at: z.string(),
  offers_count: z.number(),
  applications_count: z.number(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** Set while the account is suspended (decision 062), with the reason the user was told. */
  suspended_at: z.string().nullable(),
  suspended_reason: z.string().nullable(),
  /** Their two-step login is on: the admin may turn it off for someone who lost the phone and the recovery codes. */
  second_step_enabled: z.boolean(),
});
export type TAdminUserDetails = z.infer<typeof ZAdminUserDetailsSchema>;

export const ZOverviewSchema = z.object({
  users_by_role: z.object({ farmacista: z.number(), titolare: z.number(), admin: z.number() }),
  open_offers_by_region: z.array(z.object({ region: z.string(), count: z.number() })),
  applications_per_week: z.array(z.object({ week_start: z.string(), count: z.number() })),
  pharmacies: z.number(),
});
export type TOverview = z.infer<typeof ZOverviewSchema>;
