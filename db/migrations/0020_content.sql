ALTER TABLE "banners" ADD COLUMN "ordem" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "inicio" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "fim" timestamp with time zone;