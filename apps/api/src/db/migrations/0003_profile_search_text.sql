DROP INDEX "profiles_name_trgm";--> statement-breakpoint
DROP INDEX "users_email_trgm";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_search_trgm" ON "profiles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Hand-written: profiles.search_text follows the profile (and the account's e-mail, which never changes) on every write.
CREATE FUNCTION profiles_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(
    coalesce((SELECT email FROM users WHERE id = NEW.user_id), '') || ' ' || NEW.name || ' ' || NEW.surname || ' ' ||
    NEW.denominazione_farmacia || ' ' || NEW.comune_farmacia
  );
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_search_text BEFORE INSERT OR UPDATE ON profiles FOR EACH ROW EXECUTE FUNCTION profiles_search_text();--> statement-breakpoint
UPDATE profiles SET search_text = '';
