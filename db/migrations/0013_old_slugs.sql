CREATE TABLE "slugs_antigos" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidade" varchar(20) NOT NULL,
	"slug" varchar(220) NOT NULL,
	"entidade_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "slugs_antigos_entidade_slug_idx" ON "slugs_antigos" USING btree ("entidade","slug");