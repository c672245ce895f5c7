CREATE TABLE "consent_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"consent" text NOT NULL,
	"given" boolean NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cv_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"pharmacist_id" integer NOT NULL,
	"viewer_id" integer,
	"viewer_role" text NOT NULL,
	"viewer_name" text NOT NULL,
	"pharmacy_name" text,
	"application_id" integer,
	"offer_title" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_notices" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"warned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"erases_at" timestamp with time zone NOT NULL,
	CONSTRAINT "retention_notices_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "cv_files" ADD COLUMN "kept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cv_views" ADD CONSTRAINT "cv_views_pharmacist_id_users_id_fk" FOREIGN KEY ("pharmacist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cv_views" ADD CONSTRAINT "cv_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cv_views" ADD CONSTRAINT "cv_views_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_notices" ADD CONSTRAINT "retention_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_user_idx" ON "consent_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "cv_views_pharmacist_idx" ON "cv_views" USING btree ("pharmacist_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "retention_notices_token_unique" ON "retention_notices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "retention_notices_erases_at_idx" ON "retention_notices" USING btree ("erases_at");--> statement-breakpoint
CREATE INDEX "users_last_active_idx" ON "users" USING btree ("last_active_at");--> statement-breakpoint
-- The inactivity term starts at the last sign of life we have: the newest session, else the account's creation.
UPDATE "users" SET "last_active_at" = greatest("users"."created_at", coalesce((SELECT max("created_at") FROM "refresh_tokens" WHERE "refresh_tokens"."user_id" = "users"."id"), "users"."created_at"));--> statement-breakpoint
-- The consent each user already had when its history began.
INSERT INTO "consent_events" ("user_id", "consent", "given", "source", "at") SELECT "user_id", 'communication', "communication_consent", 'migration', "updated_at" FROM "profiles";
