DROP INDEX `results_user_ended`;--> statement-breakpoint
CREATE INDEX `results_user_ended` ON `results` (`guild_id`,`user_id`,`ended_at`,`table_id`);