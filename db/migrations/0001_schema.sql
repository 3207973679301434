CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" varchar(40) NOT NULL,
	"imagem_url" text,
	"link" text,
	"titulo_pt" varchar(200),
	"titulo_es" varchar(200),
	"descricao_pt" text,
	"descricao_es" text,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marcas" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(120) NOT NULL,
	"nome" varchar(120) NOT NULL,
	"logo" text,
	"destaque" boolean DEFAULT false NOT NULL,
	CONSTRAINT "marcas_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "categorias" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(120) NOT NULL,
	"name_pt" varchar(120) NOT NULL,
	"name_es" varchar(120) NOT NULL,
	"icone" text,
	"visivel_menu" boolean DEFAULT true NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categorias_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "moedas" (
	"id" smallint PRIMARY KEY NOT NULL,
	"codigo" varchar(3) NOT NULL,
	"simbolo" varchar(4) NOT NULL,
	"casas_decimais" smallint NOT NULL,
	CONSTRAINT "moedas_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "departamentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"slug" varchar(120) NOT NULL,
	"name_pt" varchar(120) NOT NULL,
	"name_es" varchar(120) NOT NULL,
	"icone" text,
	"ordem" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cotacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_currency_id" smallint NOT NULL,
	"target_currency_id" smallint NOT NULL,
	"tax" numeric(18, 6) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq" (
	"id" serial PRIMARY KEY NOT NULL,
	"pergunta_pt" text NOT NULL,
	"pergunta_es" text NOT NULL,
	"resposta_pt" text NOT NULL,
	"resposta_es" text NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contatos_newsletter" (
	"id" serial PRIMARY KEY NOT NULL,
	"celular" varchar(15) NOT NULL,
	"lang" varchar(8),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contatos_newsletter_celular_unique" UNIQUE("celular")
);
--> statement-breakpoint
CREATE TABLE "produto_imagens" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"url" text NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "produto_especificacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"nome_pt" varchar(120) NOT NULL,
	"nome_es" varchar(120) NOT NULL,
	"valor_pt" varchar(200),
	"valor_es" varchar(200),
	"ordem" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "produtos" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(220) NOT NULL,
	"codigo" varchar(40) NOT NULL,
	"nome_pt" varchar(200) NOT NULL,
	"nome_es" varchar(200) NOT NULL,
	"descritivo_pt" text DEFAULT '' NOT NULL,
	"descritivo_es" text DEFAULT '' NOT NULL,
	"caracteristica_pt" text DEFAULT '' NOT NULL,
	"caracteristica_es" text DEFAULT '' NOT NULL,
	"brand_id" integer,
	"category_id" integer,
	"department_id" integer,
	"moeda_id" smallint DEFAULT 2 NOT NULL,
	"valor_venda" numeric(14, 2) NOT NULL,
	"valor_usd" numeric(14, 2) NOT NULL,
	"qtde_disponivel" integer DEFAULT 0 NOT NULL,
	"qtde_fisica" integer DEFAULT 0 NOT NULL,
	"tem_estoque" boolean GENERATED ALWAYS AS (qtde_disponivel > 0) STORED NOT NULL,
	"mostrar_preco" boolean DEFAULT true NOT NULL,
	"especial" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"busca" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "produtos_slug_unique" UNIQUE("slug"),
	CONSTRAINT "produtos_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "vendedores" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(120) NOT NULL,
	"funcao_pt" varchar(120) NOT NULL,
	"funcao_es" varchar(120) NOT NULL,
	"foto" text,
	"whatsapp" varchar(30),
	"ordem" integer DEFAULT 0 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cliente_enderecos" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"nome" varchar(100) NOT NULL,
	"cep" varchar(10),
	"logradouro" varchar(200) NOT NULL,
	"numero" varchar(20) NOT NULL,
	"bairro" varchar(100) NOT NULL,
	"cidade" varchar(120),
	"cidade_id" integer,
	"estado_id" integer,
	"pais_id" smallint NOT NULL,
	"complemento" varchar(10),
	"como_chegar" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"principal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tokens_acesso" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tokens_acesso_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "cliente_documentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"lado" varchar(10) NOT NULL,
	"storage_key" text NOT NULL,
	"mime" varchar(60) NOT NULL,
	"tamanho" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clientes" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"nome" varchar(200) NOT NULL,
	"sobrenome" varchar(200) NOT NULL,
	"email" varchar(200) NOT NULL,
	"email_verified_at" timestamp with time zone,
	"password_hash" text NOT NULL,
	"estrangeiro" boolean NOT NULL,
	"telefone" varchar(20) NOT NULL,
	"documento_tipo" varchar(20) NOT NULL,
	"documento" varchar(20),
	"identidade" varchar(20),
	"identidade_complemento" varchar(10),
	"razao_social" varchar(200),
	"lang" varchar(8) NOT NULL,
	"data_ultimo_login" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clientes_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "favoritos" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"produto_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessoes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "cidades" (
	"id" integer PRIMARY KEY NOT NULL,
	"estado_id" integer NOT NULL,
	"nome" varchar(120) NOT NULL,
	"codigo" varchar(10) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paises" (
	"id" smallint PRIMARY KEY NOT NULL,
	"nome" varchar(60) NOT NULL,
	"sigla" varchar(2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estados" (
	"id" integer PRIMARY KEY NOT NULL,
	"pais_id" smallint NOT NULL,
	"nome" varchar(80) NOT NULL,
	"sigla" varchar(4),
	"codigo" varchar(8) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrinho_itens" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"produto_id" integer NOT NULL,
	"armazem_id" smallint DEFAULT 1 NOT NULL,
	"qtde" integer NOT NULL,
	"valor_unitario" numeric(18, 2) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"token" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrinhos" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" uuid NOT NULL,
	"customer_id" integer,
	"filial_id" smallint DEFAULT 1 NOT NULL,
	"moeda_id" smallint NOT NULL,
	"cliente_endereco_id" integer,
	"valor_total" numeric(18, 2) DEFAULT '0' NOT NULL,
	"status" varchar(12) DEFAULT 'aberto' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrinhos_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "pedido_itens" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"produto_id" integer NOT NULL,
	"nome" varchar(200) NOT NULL,
	"codigo" varchar(40) NOT NULL,
	"qtde" integer NOT NULL,
	"valor_unitario" numeric(18, 2) NOT NULL,
	"valor_subtotal" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pedidos" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"pedido" varchar(20) NOT NULL,
	"customer_id" integer NOT NULL,
	"cart_id" integer NOT NULL,
	"moeda_id" smallint NOT NULL,
	"valor_produtos" numeric(18, 2) NOT NULL,
	"valor_frete" numeric(18, 2) DEFAULT '0' NOT NULL,
	"valor_total" numeric(18, 2) NOT NULL,
	"status" varchar(20) DEFAULT 'PAGAMENTO' NOT NULL,
	"codigo_retirada" varchar(12) NOT NULL,
	"entrega_servico_id" integer,
	"ponto_entrega_id" integer,
	"cliente_endereco_id" integer,
	"entrega_descricao" varchar(200),
	"reserva_expira_em" timestamp with time zone,
	"estoque_liberado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pedidos_external_id_unique" UNIQUE("external_id"),
	CONSTRAINT "pedidos_pedido_unique" UNIQUE("pedido"),
	CONSTRAINT "pedidos_cart_id_unique" UNIQUE("cart_id")
);
--> statement-breakpoint
CREATE TABLE "emails_saida" (
	"id" serial PRIMARY KEY NOT NULL,
	"para" varchar(200) NOT NULL,
	"assunto" varchar(250) NOT NULL,
	"html" text NOT NULL,
	"texto" text NOT NULL,
	"enviado_em" timestamp with time zone,
	"erro" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pagamento_eventos" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(30) NOT NULL,
	"event_id" varchar(120) NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pagamentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" varchar(30) NOT NULL,
	"provider_ref" varchar(120) NOT NULL,
	"status" varchar(20) DEFAULT 'AGUARDANDO' NOT NULL,
	"valor_total" numeric(18, 2) NOT NULL,
	"moeda_id" smallint NOT NULL,
	"link" text NOT NULL,
	"pago_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pontos_entrega" (
	"id" serial PRIMARY KEY NOT NULL,
	"servico_id" integer,
	"nome" varchar(120) NOT NULL,
	"endereco" varchar(250) NOT NULL,
	"estado_id" integer NOT NULL,
	"cidade_id" integer NOT NULL,
	"horario_atendimento" varchar(160) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entrega_tarifas" (
	"id" serial PRIMARY KEY NOT NULL,
	"servico_id" integer NOT NULL,
	"estado_id" integer NOT NULL,
	"cidade_id" integer,
	"moeda_id" smallint NOT NULL,
	"valor" numeric(18, 2) NOT NULL,
	"prazo" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entrega_servicos" (
	"id" serial PRIMARY KEY NOT NULL,
	"entrega_integrador_id" integer,
	"descricao_pt" varchar(120) NOT NULL,
	"descricao_es" varchar(120) NOT NULL,
	"usa_pontos" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "departamentos" ADD CONSTRAINT "departamentos_category_id_categorias_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categorias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacoes" ADD CONSTRAINT "cotacoes_source_currency_id_moedas_id_fk" FOREIGN KEY ("source_currency_id") REFERENCES "public"."moedas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacoes" ADD CONSTRAINT "cotacoes_target_currency_id_moedas_id_fk" FOREIGN KEY ("target_currency_id") REFERENCES "public"."moedas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto_imagens" ADD CONSTRAINT "produto_imagens_product_id_produtos_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto_especificacoes" ADD CONSTRAINT "produto_especificacoes_product_id_produtos_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_brand_id_marcas_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."marcas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_category_id_categorias_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categorias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_department_id_departamentos_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departamentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_moeda_id_moedas_id_fk" FOREIGN KEY ("moeda_id") REFERENCES "public"."moedas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_enderecos" ADD CONSTRAINT "cliente_enderecos_customer_id_clientes_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_enderecos" ADD CONSTRAINT "cliente_enderecos_cidade_id_cidades_id_fk" FOREIGN KEY ("cidade_id") REFERENCES "public"."cidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_enderecos" ADD CONSTRAINT "cliente_enderecos_estado_id_estados_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_enderecos" ADD CONSTRAINT "cliente_enderecos_pais_id_paises_id_fk" FOREIGN KEY ("pais_id") REFERENCES "public"."paises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens_acesso" ADD CONSTRAINT "tokens_acesso_customer_id_clientes_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_documentos" ADD CONSTRAINT "cliente_documentos_customer_id_clientes_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favoritos" ADD CONSTRAINT "favoritos_customer_id_clientes_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favoritos" ADD CONSTRAINT "favoritos_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessoes" ADD CONSTRAINT "sessoes_customer_id_clientes_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cidades" ADD CONSTRAINT "cidades_estado_id_estados_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estados" ADD CONSTRAINT "estados_pais_id_paises_id_fk" FOREIGN KEY ("pais_id") REFERENCES "public"."paises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrinho_itens" ADD CONSTRAINT "carrinho_itens_cart_id_carrinhos_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carrinhos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrinho_itens" ADD CONSTRAINT "carrinho_itens_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrinhos" ADD CONSTRAINT "carrinhos_customer_id_clientes_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."clientes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrinhos" ADD CONSTRAINT "carrinhos_moeda_id_moedas_id_fk" FOREIGN KEY ("moeda_id") REFERENCES "public"."moedas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrinhos" ADD CONSTRAINT "carrinhos_cliente_endereco_id_cliente_enderecos_id_fk" FOREIGN KEY ("cliente_endereco_id") REFERENCES "public"."cliente_enderecos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_itens" ADD CONSTRAINT "pedido_itens_order_id_pedidos_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_itens" ADD CONSTRAINT "pedido_itens_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_customer_id_clientes_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_cart_id_carrinhos_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carrinhos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_moeda_id_moedas_id_fk" FOREIGN KEY ("moeda_id") REFERENCES "public"."moedas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_entrega_servico_id_entrega_servicos_id_fk" FOREIGN KEY ("entrega_servico_id") REFERENCES "public"."entrega_servicos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_ponto_entrega_id_pontos_entrega_id_fk" FOREIGN KEY ("ponto_entrega_id") REFERENCES "public"."pontos_entrega"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_cliente_endereco_id_cliente_enderecos_id_fk" FOREIGN KEY ("cliente_endereco_id") REFERENCES "public"."cliente_enderecos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD CONSTRAINT "pagamentos_order_id_pedidos_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD CONSTRAINT "pagamentos_moeda_id_moedas_id_fk" FOREIGN KEY ("moeda_id") REFERENCES "public"."moedas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pontos_entrega" ADD CONSTRAINT "pontos_entrega_servico_id_entrega_servicos_id_fk" FOREIGN KEY ("servico_id") REFERENCES "public"."entrega_servicos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pontos_entrega" ADD CONSTRAINT "pontos_entrega_estado_id_estados_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pontos_entrega" ADD CONSTRAINT "pontos_entrega_cidade_id_cidades_id_fk" FOREIGN KEY ("cidade_id") REFERENCES "public"."cidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrega_tarifas" ADD CONSTRAINT "entrega_tarifas_servico_id_entrega_servicos_id_fk" FOREIGN KEY ("servico_id") REFERENCES "public"."entrega_servicos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrega_tarifas" ADD CONSTRAINT "entrega_tarifas_estado_id_estados_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrega_tarifas" ADD CONSTRAINT "entrega_tarifas_cidade_id_cidades_id_fk" FOREIGN KEY ("cidade_id") REFERENCES "public"."cidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrega_tarifas" ADD CONSTRAINT "entrega_tarifas_moeda_id_moedas_id_fk" FOREIGN KEY ("moeda_id") REFERENCES "public"."moedas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "departamentos_categoria_slug_idx" ON "departamentos" USING btree ("category_id","slug");--> statement-breakpoint
CREATE INDEX "departamentos_slug_idx" ON "departamentos" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "cotacoes_par_idx" ON "cotacoes" USING btree ("source_currency_id","target_currency_id");--> statement-breakpoint
CREATE INDEX "produto_imagens_product_idx" ON "produto_imagens" USING btree ("product_id","ordem");--> statement-breakpoint
CREATE INDEX "produto_especificacoes_product_idx" ON "produto_especificacoes" USING btree ("product_id","ordem");--> statement-breakpoint
CREATE INDEX "produtos_category_idx" ON "produtos" USING btree ("category_id","tem_estoque","id");--> statement-breakpoint
CREATE INDEX "produtos_department_idx" ON "produtos" USING btree ("department_id","tem_estoque","id");--> statement-breakpoint
CREATE INDEX "produtos_brand_idx" ON "produtos" USING btree ("brand_id","tem_estoque","id");--> statement-breakpoint
CREATE INDEX "produtos_estoque_id_idx" ON "produtos" USING btree ("tem_estoque","id");--> statement-breakpoint
CREATE INDEX "produtos_estoque_valor_idx" ON "produtos" USING btree ("tem_estoque","valor_usd");--> statement-breakpoint
CREATE INDEX "produtos_estoque_nome_pt_idx" ON "produtos" USING btree ("tem_estoque","nome_pt");--> statement-breakpoint
CREATE INDEX "produtos_estoque_nome_es_idx" ON "produtos" USING btree ("tem_estoque","nome_es");--> statement-breakpoint
CREATE INDEX "produtos_busca_trgm_idx" ON "produtos" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cliente_enderecos_customer_idx" ON "cliente_enderecos" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "tokens_acesso_customer_idx" ON "tokens_acesso" USING btree ("customer_id","tipo");--> statement-breakpoint
CREATE INDEX "cliente_documentos_customer_idx" ON "cliente_documentos" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clientes_email_idx" ON "clientes" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "favoritos_cliente_produto_idx" ON "favoritos" USING btree ("customer_id","produto_id");--> statement-breakpoint
CREATE INDEX "sessoes_customer_idx" ON "sessoes" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "cidades_estado_idx" ON "cidades" USING btree ("estado_id");--> statement-breakpoint
CREATE INDEX "cidades_codigo_idx" ON "cidades" USING btree ("codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "carrinho_itens_produto_idx" ON "carrinho_itens" USING btree ("cart_id","produto_id");--> statement-breakpoint
CREATE INDEX "carrinhos_customer_idx" ON "carrinhos" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "pedido_itens_order_idx" ON "pedido_itens" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pedidos_customer_idx" ON "pedidos" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "pedidos_status_idx" ON "pedidos" USING btree ("status","reserva_expira_em");--> statement-breakpoint
CREATE UNIQUE INDEX "pagamento_eventos_idx" ON "pagamento_eventos" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pagamentos_provider_order_idx" ON "pagamentos" USING btree ("provider","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pagamentos_provider_ref_idx" ON "pagamentos" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "pontos_entrega_cidade_idx" ON "pontos_entrega" USING btree ("cidade_id");--> statement-breakpoint
CREATE INDEX "entrega_tarifas_lugar_idx" ON "entrega_tarifas" USING btree ("estado_id","cidade_id");