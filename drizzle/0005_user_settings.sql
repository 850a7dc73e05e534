CREATE TABLE `user_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`text_boards` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `text_boards` integer;