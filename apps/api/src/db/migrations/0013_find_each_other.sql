CREATE TABLE "availability" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"comune" text NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"radius_km" integer NOT NULL,
	"min_pay" numeric(6, 2),
	"visible" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "availability_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"part" text NOT NULL,
	CONSTRAINT "availability_days_user_id_day_part_pk" PRIMARY KEY("user_id","day","part")
);
--> statement-breakpoint
CREATE TABLE "favourite_pharmacists" (
	"owner_id" integer NOT NULL,
	"pharmacist_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_pharmacists_owner_id_pharmacist_id_pk" PRIMARY KEY("owner_id","pharmacist_id")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"pharmacist_id" integer NOT NULL,
	"invited_by" text DEFAULT 'owner' NOT NULL,
	"message" text,
	"status" text DEFAULT 'sent' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decline_reason" text,
	"application_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "message_mail_marks" (
	"application_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"mailed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_mail_marks_application_id_user_id_pk" PRIMARY KEY("application_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_auto_invites" (
	"offer_id" integer PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"delay_hours" integer DEFAULT 0 NOT NULL,
	"widens_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_days" ADD CONSTRAINT "availability_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_pharmacists" ADD CONSTRAINT "favourite_pharmacists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_pharmacists" ADD CONSTRAINT "favourite_pharmacists_pharmacist_id_users_id_fk" FOREIGN KEY ("pharmacist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_pharmacist_id_users_id_fk" FOREIGN KEY ("pharmacist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_mail_marks" ADD CONSTRAINT "message_mail_marks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_mail_marks" ADD CONSTRAINT "message_mail_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_auto_invites" ADD CONSTRAINT "offer_auto_invites_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_visible_lat_lng_idx" ON "availability" USING btree ("lat","lng") WHERE "availability"."visible";--> statement-breakpoint
CREATE INDEX "availability_days_day_idx" ON "availability_days" USING btree ("day","user_id");--> statement-breakpoint
CREATE INDEX "favourite_pharmacists_pharmacist_idx" ON "favourite_pharmacists" USING btree ("pharmacist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_offer_pharmacist_unique" ON "invitations" USING btree ("offer_id","pharmacist_id");--> statement-breakpoint
CREATE INDEX "invitations_pharmacist_idx" ON "invitations" USING btree ("pharmacist_id","created_at");--> statement-breakpoint
CREATE INDEX "invitations_offer_status_idx" ON "invitations" USING btree ("offer_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "messages_application_idx" ON "messages" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("recipient_id","application_id") WHERE "messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "offer_auto_invites_last_run_idx" ON "offer_auto_invites" USING btree ("last_run_at");