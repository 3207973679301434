ALTER TABLE "clientes" ADD COLUMN "documento_status" varchar(12) DEFAULT 'pendente' NOT NULL;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "documento_motivo" varchar(20);--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "documento_nota" varchar(500);--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "documento_revisado_por" integer;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "documento_revisado_em" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "clientes_recentes_idx" ON "clientes" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "clientes_busca_trgm_idx" ON "clientes" USING gin (lower(f_unaccent(nome || ' ' || sobrenome || ' ' || email || ' ' || coalesce(documento, '') || ' ' || coalesce(identidade, ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clientes_documento_digitos_idx" ON "clientes" USING btree (regexp_replace(coalesce("documento", ''), '[^0-9A-Za-z]', '', 'g'));