DROP INDEX `game_tables_one_open_per_channel`;--> statement-breakpoint
ALTER TABLE `game_tables` ADD `lesson` text;--> statement-breakpoint
CREATE UNIQUE INDEX `game_tables_one_lesson_per_learner` ON `game_tables` (`guild_id`,`host_user_id`,`game`) WHERE status in ('lobby', 'active') and lesson is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `game_tables_one_open_per_channel` ON `game_tables` (`channel_id`) WHERE status in ('lobby', 'active') and lesson is null;