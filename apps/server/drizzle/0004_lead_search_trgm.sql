-- The inbox search: ILIKE '%q%' on name, e-mail, phone and message reads these trigram indexes.
-- PGlite loads pg_trgm from @electric-sql/pglite/contrib/pg_trgm (src/db/client.ts); PostgreSQL
-- ships it in its contrib files (the postgresql-15 Debian package).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "leads_name_trgm_idx" ON "leads" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_email_trgm_idx" ON "leads" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_phone_trgm_idx" ON "leads" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_message_trgm_idx" ON "leads" USING gin ("message" gin_trgm_ops);
