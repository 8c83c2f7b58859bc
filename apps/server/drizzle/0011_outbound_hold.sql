CREATE TABLE "outbound_hold" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"held_since" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL
);
