CREATE TABLE "invoice_counters" (
	"farmacista_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "invoice_counters_farmacista_id_year_pk" PRIMARY KEY("farmacista_id","year")
);
--> statement-breakpoint
CREATE TABLE "invoice_shifts" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"farmacista_id" integer,
	"organisation_id" integer,
	"pharmacy_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"regime" text NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"amount_due" numeric(12, 2) NOT NULL,
	"snapshot" jsonb NOT NULL,
	"xml" text NOT NULL,
	"xml_sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"credits_invoice_id" integer,
	"credit_reason" text,
	"credited_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"paid_on" date,
	"paid_by" integer,
	"paid_by_name" text,
	"reminded_at" timestamp with time zone,
	"keep_until" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(7, 2) NOT NULL,
	"spent_on" date NOT NULL,
	"receipt" "bytea" NOT NULL,
	"receipt_name" text NOT NULL,
	"receipt_type" text NOT NULL,
	"receipt_sha256" text NOT NULL,
	"status" text DEFAULT 'in_attesa' NOT NULL,
	"note" text,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"invoice_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "worked_hours_reviews" ALTER COLUMN "corrected_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "professional_files" ADD COLUMN "fiscal_street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "professional_files" ADD COLUMN "fiscal_cap" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "professional_files" ADD COLUMN "fiscal_comune_istat" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "professional_files" ADD COLUMN "iban" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_farmacista_id_users_id_fk" FOREIGN KEY ("farmacista_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_shifts" ADD CONSTRAINT "invoice_shifts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_shifts" ADD CONSTRAINT "invoice_shifts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_farmacista_id_users_id_fk" FOREIGN KEY ("farmacista_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_expenses" ADD CONSTRAINT "shift_expenses_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_expenses" ADD CONSTRAINT "shift_expenses_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_shifts_invoice_idx" ON "invoice_shifts" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_farmacista_year_sequence_unique" ON "invoices" USING btree ("farmacista_id","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credits_unique" ON "invoices" USING btree ("credits_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_organisation_idx" ON "invoices" USING btree ("organisation_id","issued_on");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("due_on");--> statement-breakpoint
CREATE INDEX "invoices_keep_until_idx" ON "invoices" USING btree ("keep_until");--> statement-breakpoint
CREATE INDEX "shift_expenses_application_idx" ON "shift_expenses" USING btree ("application_id");