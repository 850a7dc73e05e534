ALTER TABLE "game_tables" ADD COLUMN "text_boards" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "game_tables" SET "text_boards" = coalesce((SELECT "text_boards" FROM "guild_settings" WHERE "guild_settings"."guild_id" = "game_tables"."guild_id"), false) WHERE "status" IN ('lobby', 'active');
