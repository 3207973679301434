import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { fillSearchText } from "#db/seed/insert-products.ts";

/**
 * A few products with known names, codes and brands, added to the seeded demo catalogue by the
 * search relevance suite. Their words sit beside the demo's ("lixa" beside "Lixadeira",
 * "parafuso" beside "Parafusadeira"), so the order of a search's answer says something.
 */
export interface FixtureProduct {
  codigo: string;
  nome_pt: string;
  nome_es: string;
  brand: "Kestrel" | "Tucano";
}

export const FIXTURE_PRODUCTS: readonly FixtureProduct[] = [
  { codigo: "KST-LX120", nome_pt: "Lixa d'Água Grão 120", nome_es: "Lija al Agua Grano 120", brand: "Kestrel" },
  { codigo: "KST-PS8", nome_pt: "Parafuso Sextavado Inox M8", nome_es: "Tornillo Hexagonal Inoxidable M8", brand: "Kestrel" },
  { codigo: "KST-SC68", nome_pt: "Serra Copo Bimetálica 68 mm", nome_es: "Sierra Copa Bimetálica 68 mm", brand: "Kestrel" },
  { codigo: "KST-TL40", nome_pt: "Trena Laser Digital 40 m", nome_es: "Medidor Láser Digital 40 m", brand: "Kestrel" },
  { codigo: "KST-RPH500", nome_pt: "Rebitadeira Pneumática Hidráulica", nome_es: "Remachadora Neumática Hidráulica", brand: "Kestrel" },
  { codigo: "KST-ESQ30", nome_pt: "Esquadro de Alumínio 30 cm", nome_es: "Escuadra de Aluminio 30 cm", brand: "Kestrel" },
  { codigo: "KST-MB6", nome_pt: "Morsa de Bancada 6 Polegadas", nome_es: "Morsa de Banco 6 Pulgadas", brand: "Kestrel" },
  { codigo: "TUC-MB8", nome_pt: "Morsa de Bancada 8 Polegadas", nome_es: "Morsa de Banco 8 Pulgadas", brand: "Tucano" },
  { codigo: "TUC-PT24", nome_pt: "Pistola de Cola Quente 40 W", nome_es: "Pistola de Silicona Caliente 40 W", brand: "Tucano" },
  { codigo: "TUC-ALC9", nome_pt: "Alicate Descascador de Fios", nome_es: "Pinza Pelacables", brand: "Tucano" },
];

const slugOf = (p: FixtureProduct) => `fixture-${p.codigo.toLowerCase()}`;

/** Inserts the fixture brands and products (in stock, priced, active) and fills their search text as the seed does. */
export async function insertSearchFixture(db: Db): Promise<void> {
  for (const nome of ["Kestrel", "Tucano"]) {
    await db.execute(sql`INSERT INTO marcas (slug, nome) VALUES (${`fixture-${nome.toLowerCase()}`}, ${nome})`);
  }
  for (const p of FIXTURE_PRODUCTS) {
    await db.execute(sql`INSERT INTO produtos (slug, codigo, nome_pt, nome_es, brand_id, moeda_id, valor_venda, valor_usd, qtde_disponivel, qtde_fisica)
      SELECT ${slugOf(p)}, ${p.codigo}, ${p.nome_pt}, ${p.nome_es}, m.id, 2, 19.90, 19.90, 12, 12
        FROM marcas m WHERE m.nome = ${p.brand}`);
  }
  await fillSearchText(db);
}
