CREATE TYPE "public"."certificate_revoke_reason" AS ENUM('replaced', 'issued_in_error', 'misconduct', 'other');--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"name" text NOT NULL,
	"course_title" text NOT NULL,
	"mentor_name" text NOT NULL,
	"brand_name" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" "certificate_revoke_reason",
	"replaces_id" text,
	"replaced_by_id" text,
	"public" boolean DEFAULT false NOT NULL,
	"status_index" integer GENERATED ALWAYS AS IDENTITY (sequence name "certificates_status_index_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1)
);
--> statement-breakpoint
ALTER TABLE "mentor" ADD COLUMN "signature_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "certificate_id" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_user_course_key" ON "certificates" USING btree ("user_id","course_id") WHERE "certificates"."replaced_by_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_status_index_key" ON "certificates" USING btree ("status_index");--> statement-breakpoint
CREATE INDEX "certificates_issued_idx" ON "certificates" USING btree ("issued_at");--> statement-breakpoint
ALTER TABLE "mentor" ADD CONSTRAINT "mentor_signature_id_media_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE set null ON UPDATE no action;