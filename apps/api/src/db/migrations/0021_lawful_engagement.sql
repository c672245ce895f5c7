CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer,
	"offer_id" integer,
	"pharmacy_id" integer,
	"organisation_id" integer,
	"farmacista_id" integer,
	"version" integer NOT NULL,
	"terms" jsonb NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	"owner_confirmed_at" timestamp with time zone,
	"owner_confirmed_by" integer,
	"owner_confirmed_name" text,
	"farmacista_confirmed_at" timestamp with time zone,
	"keep_until" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "professional_files" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"codice_fiscale" text DEFAULT '' NOT NULL,
	"birth_date" date,
	"birth_place_code" text,
	"partita_iva" text DEFAULT '' NOT NULL,
	"tax_regime" text,
	"insurance_company" text DEFAULT '' NOT NULL,
	"insurance_policy_number" text DEFAULT '' NOT NULL,
	"insurance_cover" numeric(12, 2),
	"insurance_expires_on" date,
	"insurance_pdf" "bytea",
	"insurance_pdf_name" text,
	"insurance_pdf_sha256" text,
	"insurance_reminded_for" date,
	"ecm_period_start" integer,
	"ecm_credits" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "legal_form" text DEFAULT 'dipendente' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "legal_forms" text[] DEFAULT '{dipendente}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "ccnl_level" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_pharmacy_id_users_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_farmacista_id_users_id_fk" FOREIGN KEY ("farmacista_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_owner_confirmed_by_users_id_fk" FOREIGN KEY ("owner_confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_files" ADD CONSTRAINT "professional_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_application_version_unique" ON "contracts" USING btree ("application_id","version");--> statement-breakpoint
CREATE INDEX "contracts_farmacista_idx" ON "contracts" USING btree ("farmacista_id");--> statement-breakpoint
CREATE INDEX "contracts_pharmacy_idx" ON "contracts" USING btree ("pharmacy_id");--> statement-breakpoint
CREATE INDEX "contracts_keep_until_idx" ON "contracts" USING btree ("keep_until");--> statement-breakpoint
CREATE INDEX "professional_files_insurance_expiry_idx" ON "professional_files" USING btree ("insurance_expires_on");--> statement-breakpoint
UPDATE "offers" SET "ccnl_level" = '1' WHERE "ccnl_level" IS NULL AND 'dipendente' = ANY("legal_forms");
