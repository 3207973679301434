-- Full-text search (docs/decisions/012-search.md): a tsvector per product kept by a trigger, a GIN
-- index over it, and the catalogue's own words in a small trigram-indexed table for typos.
-- Text is unaccented, lower-cased and cut into runs of letters and digits before the parser sees it,
-- so the server (server/modules/catalog/search.ts) cuts a visitor's words exactly alike.
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
CREATE TABLE "palavras_busca" (
	"palavra" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "produtos_busca_trgm_idx";--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "busca_tsv" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE FUNCTION produtos_busca_atualiza() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  marca text;
BEGIN
  SELECT m.nome INTO marca FROM marcas m WHERE m.id = NEW.brand_id;
  NEW.busca := lower(f_unaccent(concat_ws(' ', NEW.nome_pt, NEW.nome_es, NEW.codigo, marca)));
  NEW.busca_tsv := busca_documento(NEW.nome_pt, NEW.nome_es, NEW.codigo, marca);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER produtos_busca BEFORE INSERT OR UPDATE OF nome_pt, nome_es, codigo, brand_id ON produtos
  FOR EACH ROW EXECUTE FUNCTION produtos_busca_atualiza();--> statement-breakpoint
-- New products' words, once per statement (the seed inserts thousands at a time).
CREATE FUNCTION palavras_busca_de_novos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO palavras_busca (palavra)
    SELECT DISTINCT w FROM novos, busca_palavras_de(novos.busca_tsv) w ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER produtos_palavras_novos AFTER INSERT ON produtos
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION palavras_busca_de_novos();--> statement-breakpoint
CREATE FUNCTION palavras_busca_de_alterado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO palavras_busca (palavra) SELECT w FROM busca_palavras_de(NEW.busca_tsv) w ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER produtos_palavras_alterado AFTER UPDATE OF nome_pt, nome_es, brand_id ON produtos
  FOR EACH ROW WHEN (OLD.busca_tsv IS DISTINCT FROM NEW.busca_tsv) EXECUTE FUNCTION palavras_busca_de_alterado();--> statement-breakpoint
-- A renamed brand renames it in its products' search text (and adds its words).
CREATE FUNCTION marcas_busca_atualiza() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE produtos SET brand_id = brand_id WHERE brand_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER marcas_busca AFTER UPDATE OF nome ON marcas
  FOR EACH ROW WHEN (OLD.nome IS DISTINCT FROM NEW.nome) EXECUTE FUNCTION marcas_busca_atualiza();--> statement-breakpoint
-- Existing products: the BEFORE trigger fills both columns, then their words.
UPDATE produtos SET brand_id = brand_id;--> statement-breakpoint
INSERT INTO palavras_busca (palavra) SELECT DISTINCT w FROM produtos, busca_palavras_de(produtos.busca_tsv) w ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX "palavras_busca_trgm_idx" ON "palavras_busca" USING gin ("palavra" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "produtos_busca_tsv_idx" ON "produtos" USING gin ("busca_tsv");
--> statement-breakpoint
-- The catalogue's words that share enough trigrams with each of `termos` (a loose bound: the server
-- keeps those within the typos a word's length allows). The threshold is set for this call only.
CREATE FUNCTION palavras_parecidas(termos text[]) RETURNS TABLE (termo text, palavra text)
  LANGUAGE sql STABLE
  SET pg_trgm.similarity_threshold = 0.2
  AS $$ SELECT t, c.palavra FROM unnest(termos) t, LATERAL (
      SELECT p.palavra FROM palavras_busca p
       WHERE p.palavra % t AND length(p.palavra) BETWEEN length(t) - 2 AND length(t) + 2
       ORDER BY similarity(p.palavra, t) DESC, p.palavra LIMIT 30) c $$;
