CREATE TABLE `panel_tokens` (
	`table_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`message_id` text NOT NULL,
	`application_id` text NOT NULL,
	`token` text NOT NULL,
	`issued_at` integer NOT NULL,
	`locale` text NOT NULL,
	`message_ref` text NOT NULL,
	PRIMARY KEY(`table_id`, `user_id`),
	FOREIGN KEY (`table_id`) REFERENCES `game_tables`(`id`) ON UPDATE no action ON DELETE no action
);
