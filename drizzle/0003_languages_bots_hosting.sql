ALTER TABLE `game_tables` ADD `locale` text;--> statement-breakpoint
ALTER TABLE `game_tables` ADD `table_options` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `language` text;--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `table_channel_ids` text;--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `host_role_id` text;--> statement-breakpoint
ALTER TABLE `results` ADD `bot_level` text;--> statement-breakpoint
ALTER TABLE `seats` ADD `bot_level` text;