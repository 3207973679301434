DROP INDEX "clientes_documento_idx";--> statement-breakpoint
DROP INDEX "clientes_nome_trgm_idx";--> statement-breakpoint
DROP INDEX "pedidos_status_criado_idx";--> statement-breakpoint
DROP INDEX "pedidos_entrega_criado_idx";--> statement-breakpoint
DROP INDEX "pedidos_moeda_criado_idx";--> statement-breakpoint
DROP INDEX "pedidos_ponto_criado_idx";--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "filtro" text GENERATED ALWAYS AS (status || ':' || status_entrega || ':' || moeda_id || ':' || CASE WHEN entrega_servico_id IS NULL THEN 'r' ELSE 'e' END) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "pedidos_filtro_criado_idx" ON "pedidos" USING btree ("filtro","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pedidos_ponto_criado_idx" ON "pedidos" USING btree ("ponto_entrega_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Full statistics of the list's combined filter: the planner then knows how many orders each combination has (docs/decisions/036).
ALTER TABLE "pedidos" ALTER COLUMN "filtro" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "pedidos";
