CREATE TABLE `turn_notices` (
	`table_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`step` integer NOT NULL,
	`channel_id` text,
	`message_id` text,
	`dm` integer DEFAULT false NOT NULL,
	`deadline_at` integer NOT NULL,
	`remind_at` integer,
	PRIMARY KEY(`table_id`, `user_id`),
	FOREIGN KEY (`table_id`) REFERENCES `game_tables`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `turn_notices_remind_idx` ON `turn_notices` (`remind_at`);--> statement-breakpoint
CREATE TABLE `user_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`turn_notify` text,
	`updated_at` integer NOT NULL
);
