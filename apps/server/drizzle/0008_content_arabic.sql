ALTER TABLE "blogs" ADD COLUMN "title_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "description_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "title_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "description_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hero" ADD COLUMN "title_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hero" ADD COLUMN "subtitle_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "intro" ADD COLUMN "heading_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "intro" ADD COLUMN "subheading_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "intro" ADD COLUMN "paragraph1_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "intro" ADD COLUMN "paragraph2_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "title_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_videos" ADD COLUMN "title_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "address_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "title_ar" text DEFAULT '' NOT NULL;