ALTER TABLE "game_tables" ADD COLUMN "locale" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "game_tables" ADD COLUMN "table_options" json DEFAULT '{}'::json NOT NULL;--> statement-breakpoint
ALTER TABLE "guild_settings" ADD COLUMN "language" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "guild_settings" ADD COLUMN "table_channel_ids" json;--> statement-breakpoint
ALTER TABLE "guild_settings" ADD COLUMN "host_role_id" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "bot_level" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "bot_level" text COLLATE "C";