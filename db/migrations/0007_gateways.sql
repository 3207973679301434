ALTER TABLE "pagamentos" ADD COLUMN "metodo" varchar(30);--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "valor_cobrado" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "moeda_cobrada" smallint;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "valor_estornado" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "divergencia" varchar(200);--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "conferido_em" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pagamentos_pendentes_idx" ON "pagamentos" USING btree ("status","created_at");