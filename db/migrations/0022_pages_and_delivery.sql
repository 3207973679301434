CREATE TABLE "textos_paginas" (
	"chave" varchar(80) PRIMARY KEY NOT NULL,
	"texto_pt" text NOT NULL,
	"texto_es" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A place's repeated rates (the quote picked one of them at random): the first entered is kept.
DELETE FROM "entrega_tarifas" r USING "entrega_tarifas" k WHERE r."servico_id" = k."servico_id" AND r."estado_id" = k."estado_id" AND coalesce(r."cidade_id", 0) = coalesce(k."cidade_id", 0) AND r."id" > k."id";--> statement-breakpoint
CREATE UNIQUE INDEX "entrega_tarifas_unica_idx" ON "entrega_tarifas" USING btree ("servico_id","estado_id",coalesce("cidade_id", 0));