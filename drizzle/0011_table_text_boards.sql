ALTER TABLE `game_tables` ADD `text_boards` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `game_tables` SET `text_boards` = coalesce((SELECT `text_boards` FROM `guild_settings` WHERE `guild_settings`.`guild_id` = `game_tables`.`guild_id`), false) WHERE `status` IN ('lobby', 'active');
