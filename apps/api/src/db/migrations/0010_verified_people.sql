CREATE TABLE "email_verification_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_document_pieces" (
	"user_id" integer NOT NULL,
	"version" uuid NOT NULL,
	"n" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "verification_document_pieces_user_id_version_n_pk" PRIMARY KEY("user_id","version","n")
);
--> statement-breakpoint
CREATE TABLE "verification_documents" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" uuid NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"recheck_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "ordine_provincia" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "data_iscrizione_albo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "cod_farmacia" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_document_pieces" ADD CONSTRAINT "verification_document_pieces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verification_tokens_user_idx" ON "email_verification_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_status_requested_idx" ON "verifications" USING btree ("status","requested_at");--> statement-breakpoint
-- Accounts and offers that exist now were made under the earlier rules (docs/decisions/046): their e-mails count as
-- confirmed, their owners as verified and their offers as published when they were written.
UPDATE "users" SET "email_verified_at" = "created_at";--> statement-breakpoint
INSERT INTO "verifications" ("user_id", "status", "requested_at", "decided_at") SELECT "id", 'verified', "created_at", now() FROM "users" WHERE "role" = 'titolare';--> statement-breakpoint
UPDATE "offers" SET "published_at" = "created_at";
