CREATE TABLE "user_settings" (
	"user_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"text_boards" boolean DEFAULT false NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guild_settings" ADD COLUMN "text_boards" boolean;