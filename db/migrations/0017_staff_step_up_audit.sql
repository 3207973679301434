ALTER TABLE "auditoria" DROP CONSTRAINT "auditoria_funcionario_id_funcionarios_id_fk";
--> statement-breakpoint
ALTER TABLE "auditoria" ADD COLUMN "user_agent" varchar(300);--> statement-breakpoint
ALTER TABLE "funcionarios" ADD COLUMN "totp_ticket" varchar(64);--> statement-breakpoint
ALTER TABLE "funcionarios" ADD COLUMN "totp_ticket_tentativas" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessoes_funcionarios" ADD COLUMN "reautenticado_em" timestamp with time zone;