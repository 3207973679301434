CREATE TABLE "catalogo_alteracoes" (
	"versao" bigserial PRIMARY KEY NOT NULL,
	"produto_id" integer,
	"criado_em" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogo_alteracoes_criado_idx" ON "catalogo_alteracoes" USING btree ("criado_em");--> statement-breakpoint
-- Every change also notifies 'catalogo_alteracoes' (delivered at commit): a process on the embedded
-- database reads the feed only after one.
-- Changed products, once per statement: their ids, or one row without a product when the statement
-- changed more than a thousand of them (the seed, a bulk import), which tells readers to reload all.
CREATE FUNCTION catalogo_produtos_alterados() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM alterados) > 1000 THEN
    INSERT INTO catalogo_alteracoes (produto_id) VALUES (NULL);
  ELSE
    INSERT INTO catalogo_alteracoes (produto_id) SELECT DISTINCT id FROM alterados;
  END IF;
  PERFORM pg_notify('catalogo_alteracoes', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION catalogo_imagens_alteradas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM alterados) > 1000 THEN
    INSERT INTO catalogo_alteracoes (produto_id) VALUES (NULL);
  ELSE
    INSERT INTO catalogo_alteracoes (produto_id) SELECT DISTINCT product_id FROM alterados;
  END IF;
  PERFORM pg_notify('catalogo_alteracoes', '');
  RETURN NULL;
END $$;--> statement-breakpoint
-- Brands, categories and departments: names and slugs every listed product shows (product 0: no
-- product, only these names; a brand's new name reaches its products' search words through produtos_lista).
CREATE FUNCTION catalogo_tabelas_alteradas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogo_alteracoes (produto_id) VALUES (0);
  PERFORM pg_notify('catalogo_alteracoes', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER catalogo_produtos_novos AFTER INSERT ON produtos
  REFERENCING NEW TABLE AS alterados FOR EACH STATEMENT EXECUTE FUNCTION catalogo_produtos_alterados();--> statement-breakpoint
CREATE TRIGGER catalogo_produtos_mudados AFTER UPDATE ON produtos
  REFERENCING NEW TABLE AS alterados FOR EACH STATEMENT EXECUTE FUNCTION catalogo_produtos_alterados();--> statement-breakpoint
CREATE TRIGGER catalogo_produtos_removidos AFTER DELETE ON produtos
  REFERENCING OLD TABLE AS alterados FOR EACH STATEMENT EXECUTE FUNCTION catalogo_produtos_alterados();--> statement-breakpoint
-- The list row changes on its own when a brand is renamed (its search words).
CREATE TRIGGER catalogo_lista_mudada AFTER UPDATE ON produtos_lista
  REFERENCING NEW TABLE AS alterados FOR EACH STATEMENT EXECUTE FUNCTION catalogo_produtos_alterados();--> statement-breakpoint
CREATE TRIGGER catalogo_imagens_novas AFTER INSERT ON produto_imagens
  REFERENCING NEW TABLE AS alterados FOR EACH STATEMENT EXECUTE FUNCTION catalogo_imagens_alteradas();--> statement-breakpoint
CREATE TRIGGER catalogo_imagens_mudadas AFTER UPDATE ON produto_imagens
  REFERENCING NEW TABLE AS alterados FOR EACH STATEMENT EXECUTE FUNCTION catalogo_imagens_alteradas();--> statement-breakpoint
CREATE TRIGGER catalogo_imagens_removidas AFTER DELETE ON produto_imagens
  REFERENCING OLD TABLE AS alterados FOR EACH STATEMENT EXECUTE FUNCTION catalogo_imagens_alteradas();--> statement-breakpoint
CREATE TRIGGER catalogo_marcas AFTER INSERT OR UPDATE OR DELETE ON marcas
  FOR EACH STATEMENT EXECUTE FUNCTION catalogo_tabelas_alteradas();--> statement-breakpoint
CREATE TRIGGER catalogo_categorias AFTER INSERT OR UPDATE OR DELETE ON categorias
  FOR EACH STATEMENT EXECUTE FUNCTION catalogo_tabelas_alteradas();--> statement-breakpoint
CREATE TRIGGER catalogo_departamentos AFTER INSERT OR UPDATE OR DELETE ON departamentos
  FOR EACH STATEMENT EXECUTE FUNCTION catalogo_tabelas_alteradas();
