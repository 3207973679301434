ALTER TABLE "pedidos" ADD COLUMN "cliente_ip" varchar(45);--> statement-breakpoint
CREATE INDEX "pedidos_cliente_ip_idx" ON "pedidos" USING btree ("cliente_ip","status");