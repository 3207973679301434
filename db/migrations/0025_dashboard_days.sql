CREATE TABLE "painel_alteracoes" (
	"hora" bigint,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"criado_em" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
DROP INDEX "pagamentos_estornos_idx";--> statement-breakpoint
CREATE INDEX "painel_alteracoes_xid_idx" ON "painel_alteracoes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "painel_alteracoes_criado_idx" ON "painel_alteracoes" USING btree ("criado_em");--> statement-breakpoint
CREATE INDEX "pagamentos_estornos_pedido_idx" ON "pagamentos" USING btree ("order_id") WHERE "pagamentos"."valor_estornado" > 0;--> statement-breakpoint
-- The closed hours whose sales a statement changed (docs/decisions/044), as hours since 1970 (the shop's
-- days start on whole hours in every zone it has had): hours before the present one, each once, or one
-- row without an hour for more than 200 (the orders seed, a cleared table), which tells every dashboard to
-- work everything out again.
CREATE FUNCTION painel_anotar(horas bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  fechadas bigint[] := ARRAY(SELECT DISTINCT h FROM unnest(horas) h WHERE h < floor(extract(epoch FROM now()) / 3600));
BEGIN
  IF cardinality(fechadas) > 200 THEN
    INSERT INTO painel_alteracoes (hora) VALUES (NULL);
  ELSIF cardinality(fechadas) > 0 THEN
    INSERT INTO painel_alteracoes (hora) SELECT unnest(fechadas);
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION painel_hora(instante timestamptz) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(extract(epoch FROM instante) / 3600)::bigint
$$;--> statement-breakpoint
-- An order placed, removed, or changed in what the figures count (payment status, currency, total, time).
CREATE FUNCTION painel_pedidos_mudados() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM painel_anotar(ARRAY(SELECT painel_hora(created_at) FROM novos));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM painel_anotar(ARRAY(SELECT painel_hora(created_at) FROM antigos));
  ELSE
    PERFORM painel_anotar(ARRAY(
      SELECT painel_hora(d.created_at)
      FROM novos n JOIN antigos o ON o.id = n.id, LATERAL (VALUES (n.created_at), (o.created_at)) d (created_at)
      WHERE (n.status, n.moeda_id, n.valor_total, n.created_at) IS DISTINCT FROM (o.status, o.moeda_id, o.valor_total, o.created_at)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A payment's refund (what a partial refund takes off a paid order's sales), by its order's hour.
CREATE FUNCTION painel_pagamentos_mudados() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pedidos_ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    pedidos_ids := ARRAY(SELECT order_id FROM novos WHERE valor_estornado > 0);
  ELSIF TG_OP = 'DELETE' THEN
    pedidos_ids := ARRAY(SELECT order_id FROM antigos WHERE valor_estornado > 0);
  ELSE
    pedidos_ids := ARRAY(
      SELECT unnest(ARRAY[n.order_id, o.order_id]) FROM novos n JOIN antigos o ON o.id = n.id
      WHERE (n.valor_estornado > 0 OR o.valor_estornado > 0)
        AND (n.valor_estornado, n.valor_total, n.valor_cobrado, n.order_id) IS DISTINCT FROM (o.valor_estornado, o.valor_total, o.valor_cobrado, o.order_id));
  END IF;
  IF cardinality(pedidos_ids) > 0 THEN
    PERFORM painel_anotar(ARRAY(SELECT painel_hora(created_at) FROM pedidos WHERE id = ANY (pedidos_ids)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An order's lines (the most sold products), by their order's hour.
CREATE FUNCTION painel_itens_mudados() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM painel_anotar(ARRAY(SELECT painel_hora(created_at) FROM pedidos WHERE id IN (SELECT order_id FROM antigos)));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM painel_anotar(ARRAY(SELECT painel_hora(created_at) FROM pedidos WHERE id IN (SELECT order_id FROM novos)));
  ELSE
    PERFORM painel_anotar(ARRAY(SELECT painel_hora(created_at) FROM pedidos
      WHERE id IN (SELECT order_id FROM novos UNION SELECT order_id FROM antigos)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION painel_tabela_esvaziada() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO painel_alteracoes (dia) VALUES (NULL);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER painel_pedidos_novos AFTER INSERT ON pedidos
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION painel_pedidos_mudados();--> statement-breakpoint
CREATE TRIGGER painel_pedidos_mudados AFTER UPDATE ON pedidos
  REFERENCING NEW TABLE AS novos OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION painel_pedidos_mudados();--> statement-breakpoint
CREATE TRIGGER painel_pedidos_removidos AFTER DELETE ON pedidos
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION painel_pedidos_mudados();--> statement-breakpoint
CREATE TRIGGER painel_pagamentos_novos AFTER INSERT ON pagamentos
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION painel_pagamentos_mudados();--> statement-breakpoint
CREATE TRIGGER painel_pagamentos_mudados AFTER UPDATE ON pagamentos
  REFERENCING NEW TABLE AS novos OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION painel_pagamentos_mudados();--> statement-breakpoint
CREATE TRIGGER painel_pagamentos_removidos AFTER DELETE ON pagamentos
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION painel_pagamentos_mudados();--> statement-breakpoint
CREATE TRIGGER painel_itens_novos AFTER INSERT ON pedido_itens
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION painel_itens_mudados();--> statement-breakpoint
CREATE TRIGGER painel_itens_mudados AFTER UPDATE ON pedido_itens
  REFERENCING NEW TABLE AS novos OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION painel_itens_mudados();--> statement-breakpoint
CREATE TRIGGER painel_itens_removidos AFTER DELETE ON pedido_itens
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION painel_itens_mudados();--> statement-breakpoint
CREATE TRIGGER painel_pedidos_esvaziados AFTER TRUNCATE ON pedidos FOR EACH STATEMENT EXECUTE FUNCTION painel_tabela_esvaziada();--> statement-breakpoint
CREATE TRIGGER painel_pagamentos_esvaziados AFTER TRUNCATE ON pagamentos FOR EACH STATEMENT EXECUTE FUNCTION painel_tabela_esvaziada();--> statement-breakpoint
CREATE TRIGGER painel_itens_esvaziados AFTER TRUNCATE ON pedido_itens FOR EACH STATEMENT EXECUTE FUNCTION painel_tabela_esvaziada();
