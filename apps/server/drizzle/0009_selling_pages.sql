CREATE TABLE "mentor" (
	"id" text PRIMARY KEY DEFAULT 'main' NOT NULL,
	"name" text NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"job_title_ar" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"bio_ar" text DEFAULT '' NOT NULL,
	"credentials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"credentials_ar" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"portrait_id" text,
	"portrait_focus" jsonb DEFAULT '{"x":50,"y":50}'::jsonb NOT NULL,
	"social" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"about_html" text DEFAULT '' NOT NULL,
	"about_html_ar" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "tagline" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "tagline_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "level" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "outcomes_ar" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "faq" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hero" ADD COLUMN "image_focus" jsonb DEFAULT '{"x":50,"y":50}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "intro" ADD COLUMN "image_focus" jsonb DEFAULT '{"x":50,"y":50}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_videos" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "pass_percent" integer DEFAULT 70 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "enrolment_threshold" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "duration_seconds" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "free_preview" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mentor" ADD CONSTRAINT "mentor_portrait_id_media_id_fk" FOREIGN KEY ("portrait_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at");--> statement-breakpoint
-- What was on the public pages before drafts existed stays published.
UPDATE "courses" SET "published_at" = "created_at" WHERE "published_at" IS NULL;--> statement-breakpoint
UPDATE "blogs" SET "published_at" = "date" WHERE "published_at" IS NULL;
