export interface DepartmentDef {
  slug: string;
  pt: string;
  es: string;
}

export interface CategoryDef {
  slug: string;
  pt: string;
  es: string;
  /** Shown in the menu and the home page's category tabs. */
  visible: boolean;
  /** Share of the catalogue: products are spread over categories in proportion. */
  weight: number;
  departments: readonly DepartmentDef[];
}

const dep = (slug: string, pt: string, es: string): DepartmentDef => ({ slug, pt, es });

export const CATEGORIES: readonly CategoryDef[] = [
  {
    slug: "ferramentas-eletricas", pt: "Ferramentas Elétricas", es: "Herramientas Eléctricas", visible: true, weight: 9,
    departments: [
      dep("furadeiras", "Furadeiras", "Taladros"),
      dep("parafusadeiras", "Parafusadeiras", "Atornilladores"),
      dep("marteletes", "Marteletes", "Rotomartillos"),
      dep("esmerilhadeiras", "Esmerilhadeiras", "Amoladoras"),
      dep("serras", "Serras", "Sierras"),
      dep("lixadeiras-e-sopradores", "Lixadeiras e Sopradores", "Lijadoras y Pistolas de Calor"),
    ],
  },
  {
    slug: "ferramentas-manuais", pt: "Ferramentas Manuais", es: "Herramientas Manuales", visible: true, weight: 6,
    departments: [
      dep("alicates", "Alicates", "Pinzas"),
      dep("martelos", "Martelos", "Martillos"),
      dep("chaves-de-fenda", "Chaves de Fenda e Philips", "Destornilladores"),
      dep("serrotes", "Serrotes", "Serruchos"),
    ],
  },
  {
    slug: "chaves-e-soquetes", pt: "Chaves e Soquetes", es: "Llaves y Tubos", visible: true, weight: 5,
    departments: [
      dep("jogo-de-chaves", "Jogos de Chaves", "Juegos de Llaves"),
      dep("jogo-de-soquetes", "Jogos de Soquetes", "Juegos de Tubos"),
      dep("chaves-avulsas", "Chaves Avulsas", "Llaves Sueltas"),
    ],
  },
  {
    slug: "combos-completos", pt: "Combos Completos", es: "Combos Completos", visible: true, weight: 3,
    departments: [
      dep("kits-a-bateria", "Kits a Bateria", "Kits a Batería"),
      dep("maletas-de-ferramentas", "Maletas de Ferramentas", "Maletines de Herramientas"),
      dep("kits-de-manutencao", "Kits de Manutenção", "Kits de Mantenimiento"),
    ],
  },
  {
    slug: "energia", pt: "Energia", es: "Energía", visible: true, weight: 4,
    departments: [
      dep("geradores", "Geradores", "Generadores"),
      dep("nobreaks", "Nobreaks", "UPS"),
      dep("baterias", "Baterias", "Baterías"),
      dep("filtros-de-linha", "Filtros de Linha", "Zapatillas Eléctricas"),
    ],
  },
  {
    slug: "iluminacao", pt: "Iluminação", es: "Iluminación", visible: true, weight: 3,
    departments: [
      dep("lanternas", "Lanternas", "Linternas"),
      dep("refletores", "Refletores", "Reflectores"),
      dep("lampadas", "Lâmpadas", "Lámparas"),
    ],
  },
  {
    slug: "eletroportateis", pt: "Eletroportáteis", es: "Electrodomésticos", visible: true, weight: 3,
    departments: [
      dep("cozinha", "Cozinha", "Cocina"),
      dep("limpeza", "Limpeza", "Limpieza"),
      dep("climatizacao", "Climatização", "Climatización"),
    ],
  },
  {
    slug: "medicao", pt: "Medição", es: "Medición", visible: true, weight: 3,
    departments: [
      dep("trenas", "Trenas", "Cintas Métricas"),
      dep("niveis-a-laser", "Níveis a Laser", "Niveles Láser"),
      dep("multimetros", "Multímetros", "Multímetros"),
      dep("paquimetros", "Paquímetros", "Calibres"),
    ],
  },
  {
    slug: "jardinagem", pt: "Jardinagem", es: "Jardinería", visible: true, weight: 3,
    departments: [
      dep("cortadores-de-grama", "Cortadores de Grama", "Cortadoras de Césped"),
      dep("rocadeiras", "Roçadeiras", "Desmalezadoras"),
      dep("motosserras", "Motosserras", "Motosierras"),
      dep("lavadoras-de-alta-pressao", "Lavadoras de Alta Pressão", "Hidrolavadoras"),
    ],
  },
  {
    slug: "compressores-e-pneumatica", pt: "Compressores e Pneumática", es: "Compresores y Neumática", visible: true, weight: 2,
    departments: [
      dep("compressores", "Compressores", "Compresores"),
      dep("pistolas-de-pintura", "Pistolas de Pintura", "Pistolas de Pintura"),
      dep("grampeadores", "Grampeadores", "Engrapadoras"),
    ],
  },
  {
    slug: "solda", pt: "Solda", es: "Soldadura", visible: true, weight: 2,
    departments: [
      dep("inversoras", "Inversoras de Solda", "Soldadoras Inverter"),
      dep("mascaras-de-solda", "Máscaras de Solda", "Máscaras de Soldar"),
      dep("ferros-de-solda", "Ferros de Solda", "Soldadores de Estaño"),
    ],
  },
  {
    slug: "seguranca-epi", pt: "Segurança e EPI", es: "Seguridad y EPP", visible: true, weight: 2,
    departments: [
      dep("capacetes", "Capacetes", "Cascos"),
      dep("luvas", "Luvas", "Guantes"),
      dep("oculos-de-protecao", "Óculos de Proteção", "Anteojos de Seguridad"),
    ],
  },
  {
    slug: "fixacao", pt: "Fixação", es: "Fijación", visible: true, weight: 2,
    departments: [
      dep("parafusos", "Parafusos", "Tornillos"),
      dep("buchas-e-chumbadores", "Buchas e Chumbadores", "Tarugos y Anclajes"),
      dep("rebitadores", "Rebitadores", "Remachadoras"),
    ],
  },
  {
    slug: "utilidades", pt: "Utilidades", es: "Utilidades", visible: false, weight: 2,
    departments: [
      dep("escadas", "Escadas", "Escaleras"),
      dep("cadeados", "Cadeados", "Candados"),
      dep("caixas-organizadoras", "Caixas Organizadoras", "Cajas Organizadoras"),
    ],
  },
  {
    slug: "hidraulica", pt: "Hidráulica", es: "Hidráulica", visible: false, weight: 1,
    departments: [
      dep("bombas", "Bombas d'Água", "Bombas de Agua"),
      dep("pressurizadores", "Pressurizadores", "Presurizadores"),
      dep("chaves-de-grifo", "Chaves de Grifo", "Llaves Stillson"),
    ],
  },
  {
    slug: "informatica", pt: "Informática", es: "Informática", visible: false, weight: 2,
    departments: [
      dep("armazenamento", "Armazenamento", "Almacenamiento"),
      dep("redes", "Redes", "Redes"),
      dep("perifericos", "Periféricos", "Periféricos"),
    ],
  },
  {
    slug: "audio-e-video", pt: "Áudio e Vídeo", es: "Audio y Video", visible: false, weight: 1,
    departments: [
      dep("caixas-de-som", "Caixas de Som", "Parlantes"),
      dep("fones-de-ouvido", "Fones de Ouvido", "Auriculares"),
      dep("cameras-de-seguranca", "Câmeras de Segurança", "Cámaras de Seguridad"),
    ],
  },
];
