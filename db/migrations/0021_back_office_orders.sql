CREATE TABLE "estornos" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"pagamento_id" integer,
	"valor" numeric(18, 2) NOT NULL,
	"moeda_id" smallint NOT NULL,
	"valor_gateway" numeric(18, 2),
	"moeda_gateway" smallint,
	"linhas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"frete" boolean DEFAULT false NOT NULL,
	"motivo" varchar(20) NOT NULL,
	"nota" varchar(500),
	"devolver_estoque" boolean DEFAULT false NOT NULL,
	"estoque_devolvido" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(20) DEFAULT 'pendente' NOT NULL,
	"resposta" varchar(300),
	"funcionario_id" integer,
	"autor" varchar(200),
	"chave" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estornos_chave_unique" UNIQUE("chave")
);
--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "documento_status" varchar(12) DEFAULT 'pendente' NOT NULL;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "documento_motivo" varchar(20);--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "documento_nota" varchar(500);--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "documento_revisado_por" integer;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "documento_revisado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pedido_itens" ADD COLUMN "qtde_estornada" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pedido_itens" ADD COLUMN "qtde_devolvida" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_sandbox" ADD COLUMN "valor_estornado" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "estornos" ADD CONSTRAINT "estornos_order_id_pedidos_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estornos" ADD CONSTRAINT "estornos_pagamento_id_pagamentos_id_fk" FOREIGN KEY ("pagamento_id") REFERENCES "public"."pagamentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estornos_order_idx" ON "estornos" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "produtos_estoque_baixo_idx" ON "produtos" USING btree ("qtde_disponivel","id") WHERE "produtos"."ativo" AND "produtos"."qtde_disponivel" <= 5;--> statement-breakpoint
CREATE INDEX "clientes_recentes_idx" ON "clientes" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "clientes_busca_trgm_idx" ON "clientes" USING gin (lower(f_unaccent(nome || ' ' || sobrenome || ' ' || email || ' ' || coalesce(documento, '') || ' ' || coalesce(identidade, ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clientes_documento_digitos_idx" ON "clientes" USING btree (regexp_replace(coalesce("documento", ''), '[^0-9A-Za-z]', '', 'g'));--> statement-breakpoint
CREATE INDEX "clientes_documento_idx" ON "clientes" USING btree ("documento");--> statement-breakpoint
CREATE INDEX "clientes_identidade_idx" ON "clientes" USING btree ("identidade");--> statement-breakpoint
CREATE INDEX "clientes_nome_trgm_idx" ON "clientes" USING gin (lower("nome" || ' ' || "sobrenome") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pedidos_criado_idx" ON "pedidos" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pedidos_status_criado_idx" ON "pedidos" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pedidos_entrega_criado_idx" ON "pedidos" USING btree ("status_entrega","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pedidos_moeda_criado_idx" ON "pedidos" USING btree ("moeda_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pedidos_ponto_criado_idx" ON "pedidos" USING btree ("ponto_entrega_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pedidos_a_entregar_idx" ON "pedidos" USING btree ("status_entrega") WHERE "pedidos"."status" = 'PAGO' AND "pedidos"."status_entrega" IN ('em_separacao', 'pronto_retirada', 'enviado');--> statement-breakpoint
CREATE INDEX "pagamentos_estornos_idx" ON "pagamentos" USING btree ("created_at") WHERE "pagamentos"."valor_estornado" > 0;