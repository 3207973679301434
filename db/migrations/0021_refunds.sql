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
ALTER TABLE "pedido_itens" ADD COLUMN "qtde_estornada" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pedido_itens" ADD COLUMN "qtde_devolvida" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_sandbox" ADD COLUMN "valor_estornado" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "estornos" ADD CONSTRAINT "estornos_order_id_pedidos_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estornos" ADD CONSTRAINT "estornos_pagamento_id_pagamentos_id_fk" FOREIGN KEY ("pagamento_id") REFERENCES "public"."pagamentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estornos_order_idx" ON "estornos" USING btree ("order_id","id");