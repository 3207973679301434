ALTER TABLE "chaves_api" DROP CONSTRAINT "chaves_api_escopo_check";--> statement-breakpoint
ALTER TABLE "chaves_api" ALTER COLUMN "escopo" SET DEFAULT 'preco_estoque';--> statement-breakpoint
ALTER TABLE "chaves_api" ADD COLUMN "expira_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chaves_api" ADD COLUMN "enderecos" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "importacoes" ADD COLUMN "fora_limite" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Keys made before scopes could write every column: they keep that (the operator narrows them by making new ones).
UPDATE "chaves_api" SET "escopo" = 'catalogo' WHERE "escopo" = 'import';--> statement-breakpoint
ALTER TABLE "chaves_api" ADD CONSTRAINT "chaves_api_escopo_check" CHECK ("chaves_api"."escopo" IN ('preco_estoque', 'catalogo'));