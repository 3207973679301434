CREATE TABLE "tokens_funcionarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"funcionario_id" integer NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tokens_funcionarios_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "tokens_funcionarios_tipo_check" CHECK ("tokens_funcionarios"."tipo" IN ('redefinir_senha', 'cadastrar_2fa'))
);
--> statement-breakpoint
ALTER TABLE "tokens_funcionarios" ADD CONSTRAINT "tokens_funcionarios_funcionario_id_funcionarios_id_fk" FOREIGN KEY ("funcionario_id") REFERENCES "public"."funcionarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tokens_funcionarios_staff_idx" ON "tokens_funcionarios" USING btree ("funcionario_id","tipo");--> statement-breakpoint
-- Recovery codes were unsalted sha256 of 10 characters (docs/decisions/025): a copy of the table could
-- recover them offline, so they stop working; members with two-factor renew them from "Minha conta".
UPDATE "funcionarios" SET "totp_recuperacao" = '{}' WHERE cardinality("totp_recuperacao") > 0;--> statement-breakpoint
-- An enrolment started with the password alone cannot be confirmed any more: it starts again with an enrolment code.
UPDATE "funcionarios" SET "totp_secret" = NULL, "totp_ultimo_passo" = NULL WHERE "totp_ativo_em" IS NULL AND "totp_secret" IS NOT NULL;
