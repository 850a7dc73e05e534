CREATE TABLE "panel_tokens" (
	"table_id" integer NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"message_id" text COLLATE "C" NOT NULL,
	"application_id" text COLLATE "C" NOT NULL,
	"token" text COLLATE "C" NOT NULL,
	"issued_at" bigint NOT NULL,
	"locale" text COLLATE "C" NOT NULL,
	"message_ref" text COLLATE "C" NOT NULL,
	CONSTRAINT "panel_tokens_table_id_user_id_pk" PRIMARY KEY("table_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "panel_tokens" ADD CONSTRAINT "panel_tokens_table_id_game_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."game_tables"("id") ON DELETE no action ON UPDATE no action;