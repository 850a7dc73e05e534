CREATE TABLE `actions` (
	`table_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`seat` integer NOT NULL,
	`user_id` text,
	`kind` text NOT NULL,
	`action` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`table_id`, `seq`),
	FOREIGN KEY (`table_id`) REFERENCES `game_tables`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `game_tables` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`game` text NOT NULL,
	`status` text NOT NULL,
	`host_user_id` text NOT NULL,
	`options` text NOT NULL,
	`max_seats` integer NOT NULL,
	`seed` integer,
	`state` text,
	`version` integer DEFAULT 0 NOT NULL,
	`board_message_id` text,
	`ping_message_id` text,
	`deadline_at` integer,
	`deadline_step` integer,
	`recent_events` text DEFAULT '[]' NOT NULL,
	`last_seq` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`started_at` integer,
	`ended_at` integer,
	`end_reason` text,
	`ended_by` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `game_tables_one_open_per_channel` ON `game_tables` (`channel_id`) WHERE status in ('lobby', 'active');--> statement-breakpoint
CREATE INDEX `game_tables_status` ON `game_tables` (`status`);--> statement-breakpoint
CREATE INDEX `game_tables_guild_status` ON `game_tables` (`guild_id`,`status`);--> statement-breakpoint
CREATE TABLE `results` (
	`table_id` integer NOT NULL,
	`seat` integer NOT NULL,
	`guild_id` text NOT NULL,
	`game` text NOT NULL,
	`user_id` text NOT NULL,
	`placement` integer NOT NULL,
	`winner` integer NOT NULL,
	`score` real,
	`left` integer DEFAULT false NOT NULL,
	`ended_at` integer NOT NULL,
	PRIMARY KEY(`table_id`, `seat`),
	FOREIGN KEY (`table_id`) REFERENCES `game_tables`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `results_guild_game_ended` ON `results` (`guild_id`,`game`,`ended_at`);--> statement-breakpoint
CREATE INDEX `results_user_ended` ON `results` (`guild_id`,`user_id`,`ended_at`);--> statement-breakpoint
CREATE TABLE `seats` (
	`table_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`display_name` text NOT NULL,
	`joined_at` integer NOT NULL,
	`seat` integer,
	`away` integer DEFAULT false NOT NULL,
	`missed` integer DEFAULT 0 NOT NULL,
	`left` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`table_id`, `user_id`),
	FOREIGN KEY (`table_id`) REFERENCES `game_tables`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `seats_user` ON `seats` (`user_id`);