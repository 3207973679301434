import { banners, faq, sellers } from "../schema/index.ts";
import { drawAvatar } from "./art/avatars.ts";
import { drawBanner, drawOffersBanner } from "./art/banners.ts";
import { BANNER_SIZES, BANNERS, FAQ, SELLERS } from "./data/content.ts";
import type { MediaWriter } from "./media.ts";
import { insertAll, type Executor } from "./batch.ts";
import { slugify } from "#contract/text.ts";

export async function insertBanners(db: Executor, media: MediaWriter): Promise<number> {
  const rows = BANNERS.map((b) => {
    const size = b.tipo.startsWith("Triplo") ? BANNER_SIZES.Triplo : BANNER_SIZES[b.tipo as "Banner Principal"];
    const title = b.titulo[0];
    const url = media.write(`banners/${b.file}`, () =>
      b.art === "offers" ? drawOffersBanner(size.width, size.height, title) : drawBanner({ ...b.art, ...size }, title),
    );
    return {
      tipo: b.tipo,
      imagem_url: url,
      link: b.link,
      titulo_pt: b.titulo[0],
      titulo_es: b.titulo[1],
      descricao_pt: b.descricao[0],
      descricao_es: b.descricao[1],
    };
  });
  await insertAll(db, banners, rows);
  return rows.length;
}

export async function insertSellers(db: Executor, media: MediaWriter): Promise<number> {
  await insertAll(
    db,
    sellers,
    SELLERS.map((s, i) => ({
      nome: s.nome,
      funcao_pt: s.funcao[0],
      funcao_es: s.funcao[1],
      foto: s.look ? media.write(`sellers/${slugify(s.nome)}.svg`, () => drawAvatar(s.look!, s.nome)) : null,
      whatsapp: s.whatsapp,
      ordem: i + 1,
    })),
  );
  return SELLERS.length;
}

export async function insertFaq(db: Executor): Promise<number> {
  await insertAll(
    db,
    faq,
    FAQ.map((f, i) => ({
      pergunta_pt: f.pergunta[0],
      pergunta_es: f.pergunta[1],
      resposta_pt: f.resposta[0],
      resposta_es: f.resposta[1],
      ordem: i + 1,
    })),
  );
  return FAQ.length;
}
