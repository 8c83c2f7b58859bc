ALTER TABLE "blogs" ADD COLUMN "author_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "course_outcome_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "author_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "question_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "options_ar" jsonb DEFAULT '[]'::jsonb NOT NULL;