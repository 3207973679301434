ALTER TABLE "clientes" ADD COLUMN "nacionalidade" varchar(2) DEFAULT 'PY' NOT NULL;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "data_login_atual" timestamp with time zone;--> statement-breakpoint
-- Brazilians are the foreign customers; everyone registered before Argentinians could register lives in Paraguay.
UPDATE "clientes" SET "nacionalidade" = 'BR' WHERE "estrangeiro";--> statement-breakpoint
-- data_ultimo_login held the latest login; it moves to data_login_atual, and "Último acesso" becomes the one
-- before it, as far as the sessions still tell.
UPDATE "clientes" SET "data_login_atual" = "data_ultimo_login";--> statement-breakpoint
UPDATE "clientes" c SET "data_ultimo_login" = (
  SELECT s."created_at" FROM "sessoes" s WHERE s."customer_id" = c."id" ORDER BY s."created_at" DESC OFFSET 1 LIMIT 1
);--> statement-breakpoint
-- Cédula is stored with its accent, as the form shows it.
UPDATE "clientes" SET "documento_tipo" = 'Cédula' WHERE "documento_tipo" = 'Cedula';
--> statement-breakpoint
-- Argentina and its provinces (db/seed/geo/argentina.ts), for Argentine customers' home addresses. Only in a
-- database that already holds the reference geography: a fresh one stays empty (a restore needs it so) and
-- gets them from the seed with the rest.
INSERT INTO "paises" ("id", "nome", "sigla")
SELECT 3, 'Argentina', 'AR' WHERE EXISTS (SELECT 1 FROM "paises") ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "estados" ("id", "pais_id", "nome", "sigla", "codigo")
SELECT v.* FROM (VALUES
  (46, 3, 'Ciudad Autónoma de Buenos Aires', 'C', '02'),
  (47, 3, 'Buenos Aires', 'B', '06'),
  (48, 3, 'Catamarca', 'K', '10'),
  (49, 3, 'Córdoba', 'X', '14'),
  (50, 3, 'Corrientes', 'W', '18'),
  (51, 3, 'Chaco', 'H', '22'),
  (52, 3, 'Chubut', 'U', '26'),
  (53, 3, 'Entre Ríos', 'E', '30'),
  (54, 3, 'Formosa', 'P', '34'),
  (55, 3, 'Jujuy', 'Y', '38'),
  (56, 3, 'La Pampa', 'L', '42'),
  (57, 3, 'La Rioja', 'F', '46'),
  (58, 3, 'Mendoza', 'M', '50'),
  (59, 3, 'Misiones', 'N', '54'),
  (60, 3, 'Neuquén', 'Q', '58'),
  (61, 3, 'Río Negro', 'R', '62'),
  (62, 3, 'Salta', 'A', '66'),
  (63, 3, 'San Juan', 'J', '70'),
  (64, 3, 'San Luis', 'D', '74'),
  (65, 3, 'Santa Cruz', 'Z', '78'),
  (66, 3, 'Santa Fe', 'S', '82'),
  (67, 3, 'Santiago del Estero', 'G', '86'),
  (68, 3, 'Tucumán', 'T', '90'),
  (69, 3, 'Tierra del Fuego, Antártida e Islas del Atlántico Sur', 'V', '94')
) AS v ("id", "pais_id", "nome", "sigla", "codigo")
WHERE EXISTS (SELECT 1 FROM "paises" WHERE "id" = 3) ON CONFLICT DO NOTHING;
