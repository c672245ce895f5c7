CREATE TABLE "organisation_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"pharmacy_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organisation_members" (
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"pharmacy_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_members_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "organisation_pharmacies" (
	"pharmacy_id" integer PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"partita_iva" text DEFAULT '' NOT NULL,
	"codice_fiscale" text DEFAULT '' NOT NULL,
	"sede_legale" text DEFAULT '' NOT NULL,
	"pec" text DEFAULT '' NOT NULL,
	"codice_sdi" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy_settings" (
	"pharmacy_id" integer PRIMARY KEY NOT NULL,
	"start_time" text,
	"end_time" text,
	"hourly_pay" numeric(6, 2),
	"positions" integer,
	"note" text DEFAULT '' NOT NULL,
	"notify_user_ids" integer[],
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "application_events" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "application_events" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_pharmacies" ADD CONSTRAINT "organisation_pharmacies_pharmacy_id_users_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_pharmacies" ADD CONSTRAINT "organisation_pharmacies_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_settings" ADD CONSTRAINT "pharmacy_settings_pharmacy_id_users_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_settings" ADD CONSTRAINT "pharmacy_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_invitations_token_unique" ON "organisation_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "organisation_invitations_organisation_idx" ON "organisation_invitations" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "organisation_members_user_idx" ON "organisation_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organisation_pharmacies_organisation_idx" ON "organisation_pharmacies" USING btree ("organisation_id","pharmacy_id");--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_series_idx" ON "offers" USING btree ("series_id") WHERE "offers"."series_id" is not null;--> statement-breakpoint
-- Every owner becomes an organisation with their one pharmacy, named after it and with its VAT number, and its titolare.
CREATE TEMPORARY TABLE "owner_organisations" AS SELECT "users"."id" AS "user_id", nextval(pg_get_serial_sequence('organisations', 'id'))::integer AS "organisation_id", coalesce(nullif("profiles"."denominazione_farmacia", ''), trim(coalesce("profiles"."name", '') || ' ' || coalesce("profiles"."surname", ''))) AS "name", coalesce("profiles"."partita_iva", '') AS "partita_iva" FROM "users" LEFT JOIN "profiles" ON "profiles"."user_id" = "users"."id" WHERE "users"."role" = 'titolare';--> statement-breakpoint
INSERT INTO "organisations" ("id", "name", "partita_iva") SELECT "organisation_id", "name", "partita_iva" FROM "owner_organisations";--> statement-breakpoint
INSERT INTO "organisation_pharmacies" ("pharmacy_id", "organisation_id") SELECT "user_id", "organisation_id" FROM "owner_organisations";--> statement-breakpoint
INSERT INTO "organisation_members" ("organisation_id", "user_id", "role") SELECT "organisation_id", "user_id", 'titolare' FROM "owner_organisations";--> statement-breakpoint
DROP TABLE "owner_organisations";
