-- Search and lists (docs/decisions/012-search-and-lists.md).
-- 1. Full-text search: a tsvector per product, a GIN index over it, and the catalogue's own words in a
--    small trigram-indexed table where typos are corrected. Text is unaccented, lower-cased and cut
--    into runs of letters and digits before the parser sees it; the server
--    (server/modules/catalog/search.ts) cuts a visitor's words exactly alike.
-- 2. produtos_lista: one narrow row per product with what lists filter, sort, count and search by, so
--    a page's ids, its total and a search's matches are read from a table a tenth of produtos' size.
--    Triggers on produtos and marcas keep it (and the words) current in the writing transaction.
CREATE TEXT SEARCH CONFIGURATION busca_simples (COPY = pg_catalog.simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION busca_simples
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part, numword, numhword, hword_numpart
  WITH public.unaccent, pg_catalog.simple;--> statement-breakpoint
CREATE FUNCTION busca_palavras(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(lower(f_unaccent(t)), '[^a-z0-9]+', ' ', 'g') $$;--> statement-breakpoint
-- Weights: A the Portuguese name, B the Spanish name, C the code (its parts and its letters and digits
-- run together, "KST-RPH500" → kst, rph500, kstrph500), D the brand.
CREATE FUNCTION busca_documento(nome_pt text, nome_es text, codigo text, marca text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('busca_simples', busca_palavras(coalesce(nome_pt, ''))), 'A')
    || setweight(to_tsvector('busca_simples', busca_palavras(coalesce(nome_es, ''))), 'B')
    || setweight(to_tsvector('busca_simples', busca_palavras(coalesce(codigo, '')) || ' '
         || replace(busca_palavras(coalesce(codigo, '')), ' ', '')), 'C')
    || setweight(to_tsvector('busca_simples', busca_palavras(coalesce(marca, ''))), 'D') $$;--> statement-breakpoint
-- The words a typo may be corrected to: names and brands, letters only, four or more of them.
CREATE FUNCTION busca_palavras_de(doc tsvector) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT w FROM unnest(tsvector_to_array(ts_filter(doc, '{a,b,d}'))) w WHERE length(w) BETWEEN 4 AND 40 AND w ~ '^[a-z]+$' $$;--> statement-breakpoint
CREATE TABLE "produtos_lista" (
	"id" integer PRIMARY KEY NOT NULL,
	"ativo" boolean NOT NULL,
	"tem_estoque" boolean NOT NULL,
	"especial" boolean NOT NULL,
	"brand_id" integer,
	"category_id" integer,
	"department_id" integer,
	"valor_usd" numeric(14, 2) NOT NULL,
	"codigo" varchar(40) NOT NULL,
	"nome_pt_ordem" text COLLATE "C" NOT NULL,
	"nome_es_ordem" text COLLATE "C" NOT NULL,
	"busca_tsv" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "palavras_busca" (
	"palavra" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "produtos_lista" ADD CONSTRAINT "produtos_lista_id_produtos_id_fk" FOREIGN KEY ("id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- `busca` (the old trigram search's text, still what the seed fills) stays current by a trigger too.
CREATE FUNCTION produtos_busca_atualiza() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  marca text;
BEGIN
  SELECT m.nome INTO marca FROM marcas m WHERE m.id = NEW.brand_id;
  NEW.busca := lower(f_unaccent(concat_ws(' ', NEW.nome_pt, NEW.nome_es, NEW.codigo, marca)));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER produtos_busca BEFORE INSERT OR UPDATE OF nome_pt, nome_es, codigo, brand_id ON produtos
  FOR EACH ROW EXECUTE FUNCTION produtos_busca_atualiza();--> statement-breakpoint
-- New products, once per statement (the seed inserts thousands at a time).
CREATE FUNCTION produtos_lista_novos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO produtos_lista (id, ativo, tem_estoque, especial, brand_id, category_id, department_id, valor_usd, codigo, nome_pt_ordem, nome_es_ordem, busca_tsv)
    SELECT n.id, n.ativo, n.tem_estoque, n.especial, n.brand_id, n.category_id, n.department_id, n.valor_usd, n.codigo,
           n.nome_pt_ordem, n.nome_es_ordem, busca_documento(n.nome_pt, n.nome_es, n.codigo, m.nome)
      FROM novos n LEFT JOIN marcas m ON m.id = n.brand_id;
  INSERT INTO palavras_busca (palavra)
    SELECT DISTINCT w FROM produtos_lista l JOIN novos n ON n.id = l.id, busca_palavras_de(l.busca_tsv) w
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER produtos_lista_novos AFTER INSERT ON produtos
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION produtos_lista_novos();--> statement-breakpoint
-- A changed product, only when something a list reads changed (not on every stock movement).
CREATE FUNCTION produtos_lista_alterado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE produtos_lista SET ativo = NEW.ativo, tem_estoque = NEW.tem_estoque, especial = NEW.especial,
      brand_id = NEW.brand_id, category_id = NEW.category_id, department_id = NEW.department_id,
      valor_usd = NEW.valor_usd, codigo = NEW.codigo, nome_pt_ordem = NEW.nome_pt_ordem, nome_es_ordem = NEW.nome_es_ordem,
      busca_tsv = busca_documento(NEW.nome_pt, NEW.nome_es, NEW.codigo, (SELECT m.nome FROM marcas m WHERE m.id = NEW.brand_id))
    WHERE id = NEW.id;
  IF OLD.nome_pt IS DISTINCT FROM NEW.nome_pt OR OLD.nome_es IS DISTINCT FROM NEW.nome_es OR OLD.brand_id IS DISTINCT FROM NEW.brand_id THEN
    INSERT INTO palavras_busca (palavra)
      SELECT w FROM produtos_lista l, busca_palavras_de(l.busca_tsv) w WHERE l.id = NEW.id ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER produtos_lista_alterado AFTER UPDATE ON produtos FOR EACH ROW
  WHEN (OLD.ativo IS DISTINCT FROM NEW.ativo OR OLD.tem_estoque IS DISTINCT FROM NEW.tem_estoque
    OR OLD.especial IS DISTINCT FROM NEW.especial OR OLD.brand_id IS DISTINCT FROM NEW.brand_id
    OR OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.department_id IS DISTINCT FROM NEW.department_id
    OR OLD.valor_usd IS DISTINCT FROM NEW.valor_usd OR OLD.codigo IS DISTINCT FROM NEW.codigo
    OR OLD.nome_pt IS DISTINCT FROM NEW.nome_pt OR OLD.nome_es IS DISTINCT FROM NEW.nome_es)
  EXECUTE FUNCTION produtos_lista_alterado();--> statement-breakpoint
-- A renamed brand: its products' search text and documents, and its words.
CREATE FUNCTION marcas_busca_atualiza() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE produtos SET brand_id = brand_id WHERE brand_id = NEW.id;
  UPDATE produtos_lista l SET busca_tsv = busca_documento(p.nome_pt, p.nome_es, p.codigo, NEW.nome)
    FROM produtos p WHERE p.id = l.id AND p.brand_id = NEW.id;
  INSERT INTO palavras_busca (palavra)
    SELECT w FROM busca_palavras_de(setweight(to_tsvector('busca_simples', busca_palavras(NEW.nome)), 'D')) w ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER marcas_busca AFTER UPDATE OF nome ON marcas
  FOR EACH ROW WHEN (OLD.nome IS DISTINCT FROM NEW.nome) EXECUTE FUNCTION marcas_busca_atualiza();--> statement-breakpoint
-- The catalogue's words that share enough trigrams with each of `termos` (a loose bound: the server
-- keeps those within the typos a word's length allows). The threshold is set for this call only.
CREATE FUNCTION palavras_parecidas(termos text[]) RETURNS TABLE (termo text, palavra text)
  LANGUAGE sql STABLE
  SET pg_trgm.similarity_threshold = 0.2
  AS $$ SELECT t, c.palavra FROM unnest(termos) t, LATERAL (
      SELECT p.palavra FROM palavras_busca p
       WHERE p.palavra % t AND length(p.palavra) BETWEEN length(t) - 2 AND length(t) + 2
       ORDER BY similarity(p.palavra, t) DESC, p.palavra LIMIT 30) c $$;--> statement-breakpoint
-- Existing products.
INSERT INTO produtos_lista (id, ativo, tem_estoque, especial, brand_id, category_id, department_id, valor_usd, codigo, nome_pt_ordem, nome_es_ordem, busca_tsv)
  SELECT p.id, p.ativo, p.tem_estoque, p.especial, p.brand_id, p.category_id, p.department_id, p.valor_usd, p.codigo,
         p.nome_pt_ordem, p.nome_es_ordem, busca_documento(p.nome_pt, p.nome_es, p.codigo, m.nome)
    FROM produtos p LEFT JOIN marcas m ON m.id = p.brand_id;--> statement-breakpoint
INSERT INTO palavras_busca (palavra) SELECT DISTINCT w FROM produtos_lista l, busca_palavras_de(l.busca_tsv) w ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The trigram search's index is no longer read. The list indexes below hold active products only and
-- carry what lists filter by (and, for categories and departments, every sort key), so pages and
-- totals are read from the indexes alone (index-only scans) wherever the visibility map allows.
DROP INDEX "produtos_busca_trgm_idx";--> statement-breakpoint
CREATE INDEX "produtos_lista_busca_idx" ON "produtos_lista" USING gin ("busca_tsv");--> statement-breakpoint
CREATE INDEX "produtos_lista_category_idx" ON "produtos_lista" USING btree ("category_id","tem_estoque","id") INCLUDE ("brand_id","especial","valor_usd","codigo","nome_pt_ordem","nome_es_ordem") WHERE "ativo";--> statement-breakpoint
CREATE INDEX "produtos_lista_department_idx" ON "produtos_lista" USING btree ("department_id","tem_estoque","id") INCLUDE ("brand_id","especial","valor_usd","codigo","nome_pt_ordem","nome_es_ordem") WHERE "ativo";--> statement-breakpoint
CREATE INDEX "produtos_lista_brand_idx" ON "produtos_lista" USING btree ("brand_id","tem_estoque","id") INCLUDE ("especial") WHERE "ativo";--> statement-breakpoint
CREATE INDEX "produtos_lista_estoque_id_idx" ON "produtos_lista" USING btree ("tem_estoque","id") INCLUDE ("especial") WHERE "ativo";--> statement-breakpoint
CREATE INDEX "produtos_lista_estoque_valor_idx" ON "produtos_lista" USING btree ("tem_estoque","valor_usd","id") INCLUDE ("especial") WHERE "ativo";--> statement-breakpoint
CREATE INDEX "produtos_lista_estoque_valor_asc_idx" ON "produtos_lista" USING btree ("tem_estoque" DESC NULLS FIRST,"valor_usd","id") INCLUDE ("especial") WHERE "ativo";--> statement-breakpoint
CREATE INDEX "produtos_lista_estoque_nome_pt_idx" ON "produtos_lista" USING btree ("tem_estoque","nome_pt_ordem","id") INCLUDE ("especial") WHERE "ativo";--> statement-breakpoint
CREATE INDEX "produtos_lista_estoque_nome_pt_asc_idx" ON "produtos_lista" USING btree ("tem_estoque" DESC NULLS FIRST,"nome_pt_ordem","id") INCLUDE ("especial") WHERE "ativo";--> statement-breakpoint
CREATE INDEX "produtos_lista_estoque_nome_es_idx" ON "produtos_lista" USING btree ("tem_estoque","nome_es_ordem","id") INCLUDE ("especial") WHERE "ativo";--> statement-breakpoint
CREATE INDEX "produtos_lista_estoque_nome_es_asc_idx" ON "produtos_lista" USING btree ("tem_estoque" DESC NULLS FIRST,"nome_es_ordem","id") INCLUDE ("especial") WHERE "ativo";--> statement-breakpoint
CREATE INDEX "produtos_lista_estoque_codigo_idx" ON "produtos_lista" USING btree ("tem_estoque","codigo","id") INCLUDE ("especial") WHERE "ativo";--> statement-breakpoint
CREATE INDEX "produtos_lista_estoque_codigo_asc_idx" ON "produtos_lista" USING btree ("tem_estoque" DESC NULLS FIRST,"codigo","id") INCLUDE ("especial") WHERE "ativo";--> statement-breakpoint
CREATE INDEX "palavras_busca_trgm_idx" ON "palavras_busca" USING gin ("palavra" gin_trgm_ops);
