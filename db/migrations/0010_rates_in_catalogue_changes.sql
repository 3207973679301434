-- Exchange rates and currencies reach the in-memory catalogue through its change feed (product 0: no
-- product, only what every answer converts prices with), so a new rate is used at once on every process.
CREATE TRIGGER catalogo_cotacoes AFTER INSERT OR UPDATE OR DELETE ON cotacoes
  FOR EACH STATEMENT EXECUTE FUNCTION catalogo_tabelas_alteradas();--> statement-breakpoint
CREATE TRIGGER catalogo_moedas AFTER INSERT OR UPDATE OR DELETE ON moedas
  FOR EACH STATEMENT EXECUTE FUNCTION catalogo_tabelas_alteradas();
