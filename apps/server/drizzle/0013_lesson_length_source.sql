ALTER TABLE "videos" ADD COLUMN "duration_source" text;--> statement-breakpoint
ALTER TABLE "video_watch_time" DROP COLUMN "duration_seconds";