CREATE TABLE "single_use_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"user_id" integer NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "single_use_tokens" ADD CONSTRAINT "single_use_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "single_use_tokens_user_idx" ON "single_use_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "single_use_tokens_expires_idx" ON "single_use_tokens" USING btree ("expires_at");--> statement-breakpoint
-- Reset links and login challenges move while they still work: a used or expired one answers like an unknown one (the reset's 400, invalid_challenge), so leaving it behind changes no answer.
INSERT INTO "single_use_tokens" ("token_hash", "purpose", "user_id", "created_at", "expires_at") SELECT "token_hash", 'password_reset', "user_id", "created_at", "expires_at" FROM "password_reset_tokens" WHERE "used_at" IS NULL AND "expires_at" > now() ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "single_use_tokens" ("token_hash", "purpose", "user_id", "created_at", "expires_at") SELECT "token_hash", 'second_step', "user_id", "created_at", "expires_at" FROM "two_factor_challenges" WHERE "used_at" IS NULL AND "expires_at" > now() ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Every e-mail confirmation link moves, used and expired ones too: they answer email_link_used and email_link_expired, not email_link_invalid.
INSERT INTO "single_use_tokens" ("token_hash", "purpose", "user_id", "created_at", "expires_at", "used_at") SELECT "token_hash", 'email_confirmation', "user_id", "created_at", "expires_at", "used_at" FROM "email_verification_tokens" ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A keep link finds its notice by the instant both were made, and the app reads times to the millisecond: a notice's time is kept to the millisecond, as the app writes it.
UPDATE "retention_notices" SET "warned_at" = date_trunc('milliseconds', "warned_at");--> statement-breakpoint
-- Each standing retention notice's keep link, as the job now issues it: made with the notice (its warned_at), its kind as data, working until 30 days after the notice's day (KEEP_LINK_DAYS_AFTER_ERASURE in modules/retention/service.ts).
INSERT INTO "single_use_tokens" ("token_hash", "purpose", "user_id", "data", "created_at", "expires_at") SELECT "token_hash", 'retention_keep', "user_id", jsonb_build_object('kind', "kind"), "warned_at", "erases_at" + interval '30 days' FROM "retention_notices" ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "two_factor_challenges" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "email_verification_tokens" CASCADE;--> statement-breakpoint
DROP TABLE "password_reset_tokens" CASCADE;--> statement-breakpoint
DROP TABLE "two_factor_challenges" CASCADE;--> statement-breakpoint
DROP INDEX "retention_notices_token_unique";--> statement-breakpoint
ALTER TABLE "retention_notices" DROP COLUMN "token_hash";
