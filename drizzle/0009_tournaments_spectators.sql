CREATE TABLE `tournament_log` (
	`tournament_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`at` integer NOT NULL,
	`by_user_id` text,
	`kind` text NOT NULL,
	`data` text NOT NULL,
	PRIMARY KEY(`tournament_id`, `seq`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `tournaments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`game` text NOT NULL,
	`status` text NOT NULL,
	`organiser_user_id` text NOT NULL,
	`name` text NOT NULL,
	`options` text NOT NULL,
	`settings` text NOT NULL,
	`seed` integer NOT NULL,
	`round` integer DEFAULT 0 NOT NULL,
	`round_deadline_at` integer,
	`entrants` text DEFAULT '[]' NOT NULL,
	`rounds` text DEFAULT '[]' NOT NULL,
	`last_log_seq` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`locale` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`started_at` integer,
	`ended_at` integer,
	`end_reason` text,
	`standings_message_id` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tournaments_one_open_per_channel` ON `tournaments` (`channel_id`) WHERE status in ('signup', 'running');--> statement-breakpoint
CREATE INDEX `tournaments_guild_status` ON `tournaments` (`guild_id`,`status`);--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `spectators` text;--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `spectator_delay` integer;--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `watchers_see_hands` text;--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `tournament_role_id` text;