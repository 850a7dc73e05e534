ALTER TABLE `guild_settings` ADD `text_boards` integer;--> statement-breakpoint
ALTER TABLE `user_settings` ADD `text_boards` integer DEFAULT false NOT NULL;