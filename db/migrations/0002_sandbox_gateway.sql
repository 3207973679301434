CREATE TABLE "gateway_sandbox" (
	"ref" varchar(64) PRIMARY KEY NOT NULL,
	"valor" numeric(18, 2) NOT NULL,
	"moeda_id" smallint NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"notify_url" text NOT NULL,
	"return_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS pedido_numero_seq START WITH 100001;
