CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"funcionario_id" integer,
	"autor" varchar(200) NOT NULL,
	"acao" varchar(40) NOT NULL,
	"entidade" varchar(40) NOT NULL,
	"entidade_id" varchar(64),
	"antes" jsonb,
	"depois" jsonb,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funcionarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(200) NOT NULL,
	"nome" varchar(200) NOT NULL,
	"papel" varchar(10) NOT NULL,
	"password_hash" text NOT NULL,
	"lang" varchar(8) DEFAULT 'pt-BR' NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"trocar_senha" boolean DEFAULT false NOT NULL,
	"data_ultimo_login" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funcionarios_papel_check" CHECK ("funcionarios"."papel" IN ('owner', 'manager', 'counter'))
);
--> statement-breakpoint
CREATE TABLE "sessoes_funcionarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"funcionario_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessoes_funcionarios_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "auditoria" ADD CONSTRAINT "auditoria_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessoes_funcionarios" ADD CONSTRAINT "sessoes_funcionarios_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_created_idx" ON "auditoria" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_entidade_idx" ON "auditoria" USING btree ("entidade","entidade_id");--> statement-breakpoint
CREATE INDEX "auditoria_funcionario_idx" ON "auditoria" USING btree ("funcionario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "funcionarios_email_idx" ON "funcionarios" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "sessoes_funcionarios_staff_idx" ON "sessoes_funcionarios" USING btree ("funcionario_id");