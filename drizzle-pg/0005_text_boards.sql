ALTER TABLE "guild_settings" ADD COLUMN "text_boards" boolean;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "text_boards" boolean DEFAULT false NOT NULL;