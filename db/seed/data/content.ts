import type { AvatarLook } from "../art/avatars.ts";
import type { BannerArt } from "../art/banners.ts";

type Pair = readonly [pt: string, es: string];

/** Banner canvas sizes: the main and offers banners are wide, the three home banners half width. */
export const BANNER_SIZES = {
  "Banner Principal": { width: 1600, height: 500 },
  "Receba Ofertas": { width: 1600, height: 500 },
  Triplo: { width: 800, height: 400 },
} as const;

export type BannerType = "Banner Principal" | "Triplo Esquerdo" | "Triplo Centro" | "Triplo Direito" | "Receba Ofertas";

export interface BannerDef {
  tipo: BannerType;
  /** File name under media/demo/banners/. */
  file: string;
  art: "offers" | Omit<BannerArt, "width" | "height">;
  link: string;
  titulo: Pair;
  descricao: Pair;
}

export const BANNERS: readonly BannerDef[] = [
  {
    tipo: "Banner Principal", file: "principal-eletricas.svg",
    art: { colors: ["#0a93a0", "#064b52", "#f5b301"], arts: [{ art: "drill", palette: "teal" }, { art: "angle-grinder", palette: "teal" }], mark: "PRO", badge: "-15%" },
    link: "/produtos/ferramentas-eletricas",
    titulo: ["Ferramentas elétricas profissionais", "Herramientas eléctricas profesionales"],
    descricao: ["Furadeiras, esmerilhadeiras e serras com até 15% de desconto.", "Taladros, amoladoras y sierras con hasta 15% de descuento."],
  },
  {
    tipo: "Banner Principal", file: "principal-combos.svg",
    art: { colors: ["#f5b301", "#b07a00", "#1d1d1b"], arts: [{ art: "cordless-drill", palette: "yellow" }, { art: "toolbox", palette: "yellow" }], mark: "18V / 20V" },
    link: "/produtos/combos-completos",
    titulo: ["Combos completos a bateria", "Combos completos a batería"],
    descricao: ["Duas ferramentas, duas baterias e carregador numa maleta só.", "Dos herramientas, dos baterías y cargador en un solo maletín."],
  },
  {
    tipo: "Banner Principal", file: "principal-jardinagem.svg",
    art: { colors: ["#2e8b3d", "#14401b", "#f07c00"], arts: [{ art: "trimmer", palette: "orange" }, { art: "chainsaw", palette: "orange" }], mark: "2T / 4T" },
    link: "/produtos/jardinagem",
    titulo: ["Tudo para o seu jardim", "Todo para su jardín"],
    descricao: ["Roçadeiras, motosserras e cortadores de grama com garantia.", "Desmalezadoras, motosierras y cortadoras de césped con garantía."],
  },
  {
    tipo: "Banner Principal", file: "principal-energia.svg",
    art: { colors: ["#1f5fa8", "#0c2b4f", "#f5b301"], arts: [{ art: "generator", palette: "red" }, { art: "ups", palette: "graphite" }], mark: "8.000 W" },
    link: "/produtos/energia",
    titulo: ["Energia sem interrupção", "Energía sin cortes"],
    descricao: ["Geradores e nobreaks para a obra, a loja e a casa.", "Generadores y UPS para la obra, el negocio y la casa."],
  },
  {
    tipo: "Triplo Esquerdo", file: "triplo-chaves.svg",
    art: { colors: ["#3d434b", "#14171b", "#f5b301"], arts: [{ art: "wrench-set", palette: "graphite" }], mark: "1/4\" - 1/2\"" },
    link: "/produtos/chaves-e-soquetes/jogo-de-chaves",
    titulo: ["Jogos de chaves", "Juegos de llaves"],
    descricao: ["Aço cromo-vanádio para a oficina inteira.", "Acero cromo-vanadio para todo el taller."],
  },
  {
    tipo: "Triplo Centro", file: "triplo-medicao.svg",
    art: { colors: ["#c8102e", "#5e0715", "#ffffff"], arts: [{ art: "laser-level", palette: "red" }], mark: "360°" },
    link: "/produtos/medicao",
    titulo: ["Medição de precisão", "Medición de precisión"],
    descricao: ["Níveis a laser, trenas e multímetros.", "Niveles láser, cintas métricas y multímetros."],
  },
  {
    tipo: "Triplo Direito", file: "triplo-solda.svg",
    art: { colors: ["#f07c00", "#7a3f00", "#1d232b"], arts: [{ art: "welder", palette: "orange" }], mark: "250 A" },
    link: "/produtos/solda",
    titulo: ["Solda e serralheria", "Soldadura y herrería"],
    descricao: ["Inversoras, máscaras e acessórios.", "Soldadoras inverter, máscaras y accesorios."],
  },
  {
    tipo: "Receba Ofertas", file: "receba-ofertas.svg", art: "offers",
    link: "/#ofertas",
    titulo: ["Receba ofertas no seu WhatsApp", "Recibí ofertas en tu WhatsApp"],
    descricao: ["Deixe seu número e fique sabendo primeiro das promoções.", "Dejá tu número y enterate primero de las promociones."],
  },
];

export interface SellerDef {
  nome: string;
  funcao: Pair;
  /** Without a look the store shows the default avatar (spec §2). */
  look?: AvatarLook;
  whatsapp: string;
}

export const SELLERS: readonly SellerDef[] = [
  {
    nome: "Carlos Benítez", funcao: ["Gerente comercial", "Gerente comercial"], whatsapp: "+595 981 214 377",
    look: { skin: "#c68a5e", hair: "#2b2119", shirt: "#0a93a0", background: "#dff3f5", style: "short", beard: true },
  },
  {
    nome: "Mariana Souza", funcao: ["Atendimento a clientes do Brasil", "Atención a clientes de Brasil"], whatsapp: "+595 983 552 901",
    look: { skin: "#e8b58f", hair: "#6b3e1f", shirt: "#1f5fa8", background: "#e3ecf7", style: "long" },
  },
  {
    nome: "Lucía Giménez", funcao: ["Vendas de ferramentas elétricas", "Ventas de herramientas eléctricas"], whatsapp: "+595 971 630 118",
    look: { skin: "#d9a27a", hair: "#1d1612", shirt: "#c8102e", background: "#f7e1e4", style: "bun", glasses: true },
  },
  {
    nome: "Rodrigo Almeida", funcao: ["Vendas para empresas e obras", "Ventas a empresas y obras"], whatsapp: "+595 982 417 256",
    look: { skin: "#8d5a3b", hair: "#14100d", shirt: "#2e8b3d", background: "#e2f1e4", style: "bald", beard: true },
  },
  { nome: "Diego Ortiz", funcao: ["Jardinagem e máquinas a combustão", "Jardinería y máquinas a combustión"], whatsapp: "+595 991 308 744" },
  { nome: "Fernanda Lima", funcao: ["Pós-venda e garantias", "Posventa y garantías"], whatsapp: "+595 975 861 029" },
];

export interface FaqDef {
  pergunta: Pair;
  resposta: Pair;
}

export const FAQ: readonly FaqDef[] = [
  {
    pergunta: ["Como faço para comprar?", "¿Cómo hago para comprar?"],
    resposta: [
      "Escolha os produtos, adicione ao carrinho, entre na sua conta e finalize o pedido. Você recebe o link de pagamento na hora.",
      "Elegí los productos, agregalos al carrito, ingresá a tu cuenta y finalizá el pedido. Recibís el enlace de pago al instante.",
    ],
  },
  {
    pergunta: ["Quais são as formas de pagamento?", "¿Cuáles son las formas de pago?"],
    resposta: [
      "Clientes do Brasil pagam em dólares pelo link de pagamento (cartão ou Pix internacional) e retiram na loja.",
      "Clientes de Paraguay y Argentina pagan en guaraníes por el enlace de pago: tarjeta, transferencia o billetera electrónica.",
    ],
  },
  {
    pergunta: ["Vocês entregam no Brasil?", "¿Hacen envíos a Brasil?"],
    resposta: [
      "Não. Compras de clientes do Brasil são retiradas na loja em Ciudad del Este, com o código de retirada do pedido.",
      "No. Las compras de clientes de Brasil se retiran en el local de Ciudad del Este con el código de retiro del pedido.",
    ],
  },
  {
    pergunta: ["Quanto tempo tenho para pagar o pedido?", "¿Cuánto tiempo tengo para pagar el pedido?"],
    resposta: [
      "Reservamos o estoque por 30 minutos. Se o pagamento não for confirmado nesse prazo, o pedido é cancelado e os produtos voltam ao estoque.",
      "Reservamos el stock por 30 minutos. Si el pago no se confirma en ese plazo, el pedido se cancela y los productos vuelven al stock.",
    ],
  },
  {
    pergunta: ["Como funciona a retirada na loja?", "¿Cómo funciona el retiro en el local?"],
    resposta: [
      "Depois do pagamento confirmado, apresente o código de retirada e um documento com foto no balcão de retirada.",
      "Una vez confirmado el pago, presentá el código de retiro y un documento con foto en el mostrador de retiros.",
    ],
  },
  {
    pergunta: ["Os produtos têm garantia?", "¿Los productos tienen garantía?"],
    resposta: [
      "Sim. Todos os produtos têm garantia do fabricante, de 6 a 24 meses conforme o item, atendida pela nossa equipe de pós-venda.",
      "Sí. Todos los productos tienen garantía del fabricante, de 6 a 24 meses según el artículo, atendida por nuestro equipo de posventa.",
    ],
  },
  {
    pergunta: ["Posso comprar em quantidade para minha empresa?", "¿Puedo comprar en cantidad para mi empresa?"],
    resposta: [
      "Pode. Cadastre-se com o CNPJ ou fale com um vendedor pelo WhatsApp para condições de volume.",
      "Sí. Registrate con tu RUC o hablá con un vendedor por WhatsApp para condiciones por volumen.",
    ],
  },
];
