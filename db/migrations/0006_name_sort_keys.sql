DROP INDEX "produtos_estoque_nome_pt_idx";--> statement-breakpoint
DROP INDEX "produtos_estoque_nome_pt_asc_idx";--> statement-breakpoint
DROP INDEX "produtos_estoque_nome_es_idx";--> statement-breakpoint
DROP INDEX "produtos_estoque_nome_es_asc_idx";--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "nome_pt_ordem" text COLLATE "C" GENERATED ALWAYS AS (lower(f_unaccent(nome_pt))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "nome_es_ordem" text COLLATE "C" GENERATED ALWAYS AS (lower(f_unaccent(nome_es))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "produtos_estoque_nome_pt_idx" ON "produtos" USING btree ("tem_estoque","nome_pt_ordem","id");--> statement-breakpoint
CREATE INDEX "produtos_estoque_nome_pt_asc_idx" ON "produtos" USING btree ("tem_estoque" DESC NULLS FIRST,"nome_pt_ordem","id");--> statement-breakpoint
CREATE INDEX "produtos_estoque_nome_es_idx" ON "produtos" USING btree ("tem_estoque","nome_es_ordem","id");--> statement-breakpoint
CREATE INDEX "produtos_estoque_nome_es_asc_idx" ON "produtos" USING btree ("tem_estoque" DESC NULLS FIRST,"nome_es_ordem","id");