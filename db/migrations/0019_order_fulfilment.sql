CREATE TABLE "pedido_eventos" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"tipo" varchar(30) NOT NULL,
	"funcionario_id" integer,
	"autor" varchar(200),
	"dados" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "status_entrega" varchar(20) DEFAULT 'em_separacao' NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "status_entrega_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "status_entrega_por" integer;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "transportadora" varchar(80);--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "codigo_rastreio" varchar(80);--> statement-breakpoint
ALTER TABLE "pedido_eventos" ADD CONSTRAINT "pedido_eventos_order_id_pedidos_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pedido_eventos_order_idx" ON "pedido_eventos" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "pedidos_codigo_retirada_idx" ON "pedidos" USING btree ("codigo_retirada");--> statement-breakpoint
UPDATE "pedidos" SET "status_entrega" = 'cancelado' WHERE "status" = 'CANCELADO';
