CREATE TABLE "whatsapp_clicks" (
	"day" text NOT NULL,
	"page" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "whatsapp_clicks_day_page_pk" PRIMARY KEY("day","page")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_touch" jsonb;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_channel" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_source" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_campaign" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_touch" jsonb;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_channel" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_source" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_campaign" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_touch" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_channel" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_campaign" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "last_touch" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "last_channel" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "last_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "last_campaign" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "whatsapp_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_touch" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_channel" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_source" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_campaign" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_touch" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_channel" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_source" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_campaign" text;