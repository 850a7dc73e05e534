CREATE TABLE `guild_settings` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`turn_seconds` integer,
	`reaction_seconds` integer,
	`vote_seconds` integer,
	`updated_at` integer NOT NULL,
	`updated_by` text
);
--> statement-breakpoint
CREATE TABLE `player_totals` (
	`guild_id` text NOT NULL,
	`user_id` text NOT NULL,
	`games` integer DEFAULT 0 NOT NULL,
	`wins` integer DEFAULT 0 NOT NULL,
	`name` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `player_totals_by_games` ON `player_totals` (`guild_id`,`games`,`wins`,`user_id`);--> statement-breakpoint
CREATE TABLE `ratings` (
	`guild_id` text NOT NULL,
	`game` text NOT NULL,
	`season` integer NOT NULL,
	`user_id` text NOT NULL,
	`mu` real NOT NULL,
	`sigma` real NOT NULL,
	`ordinal` real NOT NULL,
	`games` integer DEFAULT 0 NOT NULL,
	`wins` integer DEFAULT 0 NOT NULL,
	`streak` integer DEFAULT 0 NOT NULL,
	`name` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `game`, `season`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `ratings_top` ON `ratings` (`guild_id`,`game`,`season`,`ordinal`,`user_id`);--> statement-breakpoint
CREATE INDEX `ratings_user` ON `ratings` (`guild_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `seasons` (
	`guild_id` text NOT NULL,
	`game` text NOT NULL,
	`season` integer NOT NULL,
	`started_at` integer NOT NULL,
	`started_by` text,
	PRIMARY KEY(`guild_id`, `game`)
);
