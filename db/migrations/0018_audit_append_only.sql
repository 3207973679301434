-- The audit log is append-only (decision 026): no statement of the application may rewrite or remove a
-- record. Rows are refused one by one on UPDATE and DELETE, and TRUNCATE as a whole. An operator who must
-- prune it (a retention period) disables the trigger in their own transaction: docs/deploy.md.
CREATE FUNCTION auditoria_somente_insercao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'auditoria is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER auditoria_sem_alteracao BEFORE UPDATE OR DELETE ON auditoria
  FOR EACH ROW EXECUTE FUNCTION auditoria_somente_insercao();
--> statement-breakpoint
CREATE TRIGGER auditoria_sem_truncate BEFORE TRUNCATE ON auditoria
  FOR EACH STATEMENT EXECUTE FUNCTION auditoria_somente_insercao();
