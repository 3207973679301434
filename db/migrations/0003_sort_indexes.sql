DROP INDEX "produtos_estoque_valor_idx";--> statement-breakpoint
DROP INDEX "produtos_estoque_nome_pt_idx";--> statement-breakpoint
DROP INDEX "produtos_estoque_nome_es_idx";--> statement-breakpoint
CREATE INDEX "produtos_estoque_valor_asc_idx" ON "produtos" USING btree ("tem_estoque" DESC NULLS FIRST,"valor_usd","id");--> statement-breakpoint
CREATE INDEX "produtos_estoque_nome_pt_asc_idx" ON "produtos" USING btree ("tem_estoque" DESC NULLS FIRST,"nome_pt","id");--> statement-breakpoint
CREATE INDEX "produtos_estoque_nome_es_asc_idx" ON "produtos" USING btree ("tem_estoque" DESC NULLS FIRST,"nome_es","id");--> statement-breakpoint
CREATE INDEX "produtos_estoque_valor_idx" ON "produtos" USING btree ("tem_estoque","valor_usd","id");--> statement-breakpoint
CREATE INDEX "produtos_estoque_nome_pt_idx" ON "produtos" USING btree ("tem_estoque","nome_pt","id");--> statement-breakpoint
CREATE INDEX "produtos_estoque_nome_es_idx" ON "produtos" USING btree ("tem_estoque","nome_es","id");