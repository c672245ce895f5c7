CREATE TABLE "pharmacies" (
	"cod_farmacia" text PRIMARY KEY NOT NULL,
	"cod_farmacia_asl" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"partita_iva" text DEFAULT '' NOT NULL,
	"cap" text DEFAULT '' NOT NULL,
	"cod_comune" text DEFAULT '' NOT NULL,
	"comune" text DEFAULT '' NOT NULL,
	"frazione" text DEFAULT '' NOT NULL,
	"sigla_provincia" text DEFAULT '' NOT NULL,
	"provincia" text DEFAULT '' NOT NULL,
	"regione" text DEFAULT '' NOT NULL,
	"tipologia" text DEFAULT '' NOT NULL,
	"valid_from" date,
	"phone" text,
	"lat" double precision,
	"lng" double precision,
	"search_text" text DEFAULT '' NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pharmacies_search_trgm" ON "pharmacies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pharmacies_name_idx" ON "pharmacies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "profiles_name_trgm" ON "profiles" USING gin (lower("name" || ' ' || "surname" || ' ' || "denominazione_farmacia" || ' ' || "comune_farmacia") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin (lower("email") gin_trgm_ops);