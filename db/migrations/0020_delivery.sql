CREATE TABLE "textos_paginas" (
	"chave" varchar(80) PRIMARY KEY NOT NULL,
	"texto_pt" text NOT NULL,
	"texto_es" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "entrega_tarifas_unica_idx" ON "entrega_tarifas" USING btree ("servico_id","estado_id",coalesce("cidade_id", 0));