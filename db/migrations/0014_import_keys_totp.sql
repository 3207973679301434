CREATE TABLE "chaves_api" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(120) NOT NULL,
	"prefixo" varchar(16) NOT NULL,
	"hash" varchar(64) NOT NULL,
	"escopo" varchar(20) DEFAULT 'import' NOT NULL,
	"funcionario_id" integer,
	"autor" varchar(200) NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chaves_api_prefixo_unique" UNIQUE("prefixo"),
	CONSTRAINT "chaves_api_hash_unique" UNIQUE("hash"),
	CONSTRAINT "chaves_api_escopo_check" CHECK ("chaves_api"."escopo" IN ('import'))
);
--> statement-breakpoint
CREATE TABLE "importacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"funcionario_id" integer,
	"chave_api_id" integer,
	"autor" varchar(200) NOT NULL,
	"lang" varchar(8) NOT NULL,
	"arquivo_nome" varchar(200) NOT NULL,
	"arquivo" varchar(80) NOT NULL,
	"formato" varchar(4) NOT NULL,
	"estado" varchar(10) NOT NULL,
	"colunas" text[] DEFAULT '{}'::text[] NOT NULL,
	"linhas" integer DEFAULT 0 NOT NULL,
	"processadas" integer DEFAULT 0 NOT NULL,
	"criadas" integer DEFAULT 0 NOT NULL,
	"atualizadas" integer DEFAULT 0 NOT NULL,
	"inalteradas" integer DEFAULT 0 NOT NULL,
	"recusadas" integer DEFAULT 0 NOT NULL,
	"erros" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"falha" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "importacoes_estado_check" CHECK ("importacoes"."estado" IN ('checking', 'checked', 'applying', 'applied', 'failed')),
	CONSTRAINT "importacoes_formato_check" CHECK ("importacoes"."formato" IN ('csv', 'xlsx'))
);
--> statement-breakpoint
CREATE TABLE "configuracoes" (
	"chave" varchar(60) PRIMARY KEY NOT NULL,
	"valor" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "departamentos" ADD COLUMN "visivel_menu" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "funcionarios" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "funcionarios" ADD COLUMN "totp_ativo_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "funcionarios" ADD COLUMN "totp_ultimo_passo" bigint;--> statement-breakpoint
ALTER TABLE "funcionarios" ADD COLUMN "totp_recuperacao" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "chaves_api" ADD CONSTRAINT "chaves_api_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacoes" ADD CONSTRAINT "importacoes_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacoes" ADD CONSTRAINT "importacoes_chave_api_id_chaves_api_id_fk" FOREIGN KEY ("chave_api_id") REFERENCES "public"."chaves_api"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "importacoes_created_idx" ON "importacoes" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "produtos_codigo_lower_idx" ON "produtos" USING btree (lower("codigo"));--> statement-breakpoint
CREATE INDEX "produtos_preco_oculto_idx" ON "produtos" USING btree ("id") WHERE NOT "produtos"."mostrar_preco";--> statement-breakpoint
-- A price, stock or flag change keeps the product's search document: it is rebuilt only when a name, the
-- code or the brand changed (a daily price file of 100,000 rows no longer rebuilds 100,000 documents).
CREATE OR REPLACE FUNCTION produtos_lista_alterado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.nome_pt IS DISTINCT FROM NEW.nome_pt OR OLD.nome_es IS DISTINCT FROM NEW.nome_es
      OR OLD.codigo IS DISTINCT FROM NEW.codigo OR OLD.brand_id IS DISTINCT FROM NEW.brand_id THEN
    UPDATE produtos_lista SET ativo = NEW.ativo, tem_estoque = NEW.tem_estoque, especial = NEW.especial,
        brand_id = NEW.brand_id, category_id = NEW.category_id, department_id = NEW.department_id,
        valor_usd = NEW.valor_usd, codigo = NEW.codigo, nome_pt_ordem = NEW.nome_pt_ordem, nome_es_ordem = NEW.nome_es_ordem,
        busca_tsv = busca_documento(NEW.nome_pt, NEW.nome_es, NEW.codigo, (SELECT m.nome FROM marcas m WHERE m.id = NEW.brand_id))
      WHERE id = NEW.id;
  ELSE
    UPDATE produtos_lista SET ativo = NEW.ativo, tem_estoque = NEW.tem_estoque, especial = NEW.especial,
        category_id = NEW.category_id, department_id = NEW.department_id, valor_usd = NEW.valor_usd
      WHERE id = NEW.id;
  END IF;
  IF OLD.nome_pt IS DISTINCT FROM NEW.nome_pt OR OLD.nome_es IS DISTINCT FROM NEW.nome_es OR OLD.brand_id IS DISTINCT FROM NEW.brand_id THEN
    INSERT INTO palavras_busca (palavra)
      SELECT w FROM produtos_lista l, busca_palavras_de(l.busca_tsv) w WHERE l.id = NEW.id ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
