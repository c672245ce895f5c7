-- A CV's bytes move to cv_file_pieces (docs/decisions/030); cv_files keeps which version is current.
CREATE TABLE "cv_file_pieces" (
	"user_id" integer NOT NULL,
	"version" uuid NOT NULL,
	"n" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "cv_file_pieces_user_id_version_n_pk" PRIMARY KEY("user_id","version","n")
);
--> statement-breakpoint
-- PDFs are compressed already: storing the pieces as they are spares the database a compression attempt per piece.
ALTER TABLE "cv_file_pieces" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "cv_file_pieces" ADD CONSTRAINT "cv_file_pieces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cv_files" ADD COLUMN "version" uuid;--> statement-breakpoint
UPDATE "cv_files" SET "version" = gen_random_uuid();--> statement-breakpoint
-- A CV stored before this migration is one piece of any size; readers join the pieces in order whatever their size.
INSERT INTO "cv_file_pieces" ("user_id", "version", "n", "data") SELECT "user_id", "version", 0, "data" FROM "cv_files";--> statement-breakpoint
ALTER TABLE "cv_files" ALTER COLUMN "version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cv_files" DROP COLUMN "data";
