CREATE TABLE "turn_notices" (
	"table_id" integer NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"step" integer NOT NULL,
	"channel_id" text COLLATE "C",
	"message_id" text COLLATE "C",
	"dm" boolean DEFAULT false NOT NULL,
	"deadline_at" bigint NOT NULL,
	"remind_at" bigint,
	CONSTRAINT "turn_notices_table_id_user_id_pk" PRIMARY KEY("table_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"turn_notify" text COLLATE "C",
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "turn_notices" ADD CONSTRAINT "turn_notices_table_id_game_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."game_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "turn_notices_remind_idx" ON "turn_notices" USING btree ("remind_at");