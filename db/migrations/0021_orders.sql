CREATE INDEX "clientes_documento_idx" ON "clientes" USING btree ("documento");--> statement-breakpoint
CREATE INDEX "clientes_identidade_idx" ON "clientes" USING btree ("identidade");--> statement-breakpoint
CREATE INDEX "clientes_nome_trgm_idx" ON "clientes" USING gin (lower("nome" || ' ' || "sobrenome") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pedidos_criado_idx" ON "pedidos" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pedidos_status_criado_idx" ON "pedidos" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pedidos_entrega_criado_idx" ON "pedidos" USING btree ("status_entrega","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pedidos_moeda_criado_idx" ON "pedidos" USING btree ("moeda_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pedidos_ponto_criado_idx" ON "pedidos" USING btree ("ponto_entrega_id","created_at" DESC NULLS LAST);