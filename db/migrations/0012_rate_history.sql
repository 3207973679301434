CREATE TABLE "cotacoes_historico" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_currency_id" smallint NOT NULL,
	"target_currency_id" smallint NOT NULL,
	"tax" numeric(18, 6) NOT NULL,
	"funcionario_id" integer,
	"autor" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cotacoes_historico" ADD CONSTRAINT "cotacoes_historico_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cotacoes_historico_created_idx" ON "cotacoes_historico" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);