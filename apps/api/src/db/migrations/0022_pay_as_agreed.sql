CREATE TABLE "pay_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"round" integer NOT NULL,
	"author" text NOT NULL,
	"hourly_pay" numeric(6, 2),
	"travel_amount" numeric(7, 2),
	"reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'in_attesa' NOT NULL,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"actor_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "agreed_hourly" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "agreed_travel" numeric(7, 2);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "night_service" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "night_from" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "fee_hourly" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "night_fee" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "holiday_fee" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "extra_holidays" date[] DEFAULT '{}'::date[] NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "travel_mode" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "travel_amount" numeric(7, 2);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "travel_per_km" numeric(4, 2);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "travel_cap" numeric(7, 2);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "travel_per_day" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "lodging_nights" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "lodging_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "negotiation_max_hourly" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "negotiation_max_travel" numeric(7, 2);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "pay_total_dipendente" numeric(9, 2);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "pay_total_libera" numeric(9, 2);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "pay_computed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pay_proposals" ADD CONSTRAINT "pay_proposals_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_proposals" ADD CONSTRAINT "pay_proposals_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_proposals_application_round_unique" ON "pay_proposals" USING btree ("application_id","round");--> statement-breakpoint
CREATE INDEX "offers_pay_uncomputed_idx" ON "offers" USING btree ("id") WHERE "offers"."pay_computed_at" is null;