import { describe, expect, it } from "vitest";
import { fixedT } from "#app/i18n/index.ts";
import { describeAuditEntry, describeOrderEvent, importRefusalLine, type Formatter } from "./describe-change.ts";

const pt: Formatter = { t: fixedT("pt-BR"), locale: "pt-BR" };
const es: Formatter = { t: fixedT("es-PY"), locale: "es-PY" };

const product = {
  id: 7,
  codigo: "ABC-1",
  nome_pt: "Fone",
  moeda_id: 2,
  valor_venda: "10.00",
  ativo: true,
  qtde_disponivel: 5,
  brand_id: 3,
  imagens: ["/a.webp"],
  especificacoes: [{ nome_pt: "Cor", nome_es: "Color", valor_pt: "preto", valor_es: "negro" }],
};

describe("an audit record in the member's language", () => {
  it("shows a price change with the product form's label and the price in its currency", () => {
    const entry = { acao: "editar", entidade: "produto", entidade_id: "7", antes: product, depois: { ...product, valor_venda: "12.50" } };
    expect(describeAuditEntry(pt, entry)).toEqual({
      summary: "Edição · Produto ABC-1 #7",
      notes: [],
      changes: [{ field: "valor_venda", label: "Preço de venda", before: "U$ 10,00", after: "U$ 12,50" }],
    });
    expect(describeAuditEntry(es, entry).changes).toEqual([
      { field: "valor_venda", label: "Precio de venta", before: "U$ 10,00", after: "U$ 12,50" },
    ]);
  });

  it("formats yes/no, numbers, names, images, specifications and guaraníes as the screens do", () => {
    const after = {
      ...product,
      moeda_id: 3,
      valor_venda: "1500000.00",
      ativo: false,
      qtde_disponivel: 1200,
      brand_id: 4,
      imagens: [],
      especificacoes: [{ nome_pt: "Cor", nome_es: "Color", valor_pt: "branco", valor_es: "blanco" }],
    };
    const names = {
      brand_id: new Map([
        [3, "Sony"],
        [4, "JBL"],
      ]),
    };
    const lines = describeAuditEntry(
      { ...es, names },
      { acao: "editar", entidade: "produto", entidade_id: "7", antes: product, depois: after },
    ).changes;
    expect(Object.fromEntries(lines.map((l) => [l.label, `${l.before} → ${l.after}`]))).toEqual({
      Moneda: "Dólar (U$) → Guaraní (G$)",
      "Precio de venta": "U$ 10,00 → G$ 1.500.000",
      "Visible en la tienda": "Sí → No",
      "Stock disponible para la venta": "5 → 1.200",
      Marca: "Sony (#3) → JBL (#4)",
      Imágenes: "1 imagen → 0 imágenes",
      Especificaciones: "Color: negro → Color: blanco",
    });
  });

  it("shows a member's role and language by their names, and never a secret", () => {
    const entry = {
      acao: "editar",
      entidade: "funcionario",
      entidade_id: "2",
      antes: { email: "a@b.c", papel: "counter", lang: "es-PY", password_hash: "x" },
      depois: { email: "a@b.c", papel: "manager", lang: "pt-BR", password_hash: "y", api_token: "z" },
    };
    const lines = describeAuditEntry(pt, entry).changes;
    expect(lines.map((l) => `${l.label}: ${l.before} → ${l.after}`)).toEqual(["Papel: Balcão → Gerente", "Idioma: Español (Paraguay) → Português"]);
  });

  it("shows an import as its file name with its counts, its refused rows with their values, and the products it changed", () => {
    const entry = {
      acao: "importar",
      entidade: "importacao",
      entidade_id: "9",
      antes: { arquivo: "precos.csv", valores: [{ codigo: "ABC-1", moeda_id: 2, valor_venda: "10.00", qtde_disponivel: 5 }, null] },
      depois: {
        criadas: 1,
        atualizadas: 1,
        inalteradas: 1200,
        recusadas: 1,
        fora_limite: 0,
        colunas: ["codigo", "preco", "estoque"],
        recusas: [{ linha: 4, coluna: "preco", codigo: "XYZ", valor: "dez", mensagem: "Informe um número." }],
        valores: [
          { codigo: "ABC-1", moeda_id: 2, valor_venda: "12.50", qtde_disponivel: 5 },
          { codigo: "NEW-1", moeda_id: 2, valor_venda: "3.00", qtde_disponivel: 1 },
        ],
      },
    };
    const pts = describeAuditEntry(pt, entry);
    expect(pts.summary).toBe("Importação · Importação precos.csv #9");
    expect(pts.notes).toEqual([
      "Arquivo precos.csv: 1 criados, 1 alterados, 1.200 sem mudança, 1 recusadas",
      "Linha 4, coluna preco: “dez” — Informe um número.",
    ]);
    expect(pts.changes.map((c) => `${c.label}: ${c.before} → ${c.after}`)).toEqual([
      "ABC-1 · Preço de venda: U$ 10,00 → U$ 12,50",
      "NEW-1 · Moeda: — → Dólar (U$)",
      "NEW-1 · Preço de venda: — → U$ 3,00",
      "NEW-1 · Estoque disponível para venda: — → 1",
    ]);
    expect(describeAuditEntry(es, entry).notes[0]).toBe("Archivo precos.csv: 1 creados, 1 modificados, 1.200 sin cambios, 1 rechazadas");
    expect(importRefusalLine(es, { linha: 3, coluna: null, mensagem: "Faltan columnas" })).toBe("Fila 3: Faltan columnas");
  });

  it("falls back to a readable form for an action, an entity and a field nobody labelled, and survives any shape", () => {
    const entry = {
      acao: "marcar_pronto",
      entidade: "pedido_balcao",
      entidade_id: "5",
      antes: { prazo_final: "2026-11-27T15:00:00.000Z" },
      depois: { prazo_final: null, nota_interna: { texto: "ok" } },
    };
    const described = describeAuditEntry(pt, entry);
    expect(described.summary).toBe("Marcar pronto · Pedido balcao #5");
    expect(described.changes).toEqual([
      { field: "prazo_final", label: "Prazo final", before: "27/11/2026, 12:00", after: "—" },
      { field: "nota_interna", label: "Nota interna", before: "—", after: "Nota: ok" },
    ]);
    expect(describeAuditEntry(pt, { acao: "x", entidade: "y", entidade_id: null, antes: "odd", depois: [1, 2] }).changes).toEqual([]);
  });

  it("says why a login or an access was refused", () => {
    const refused = describeAuditEntry(es, {
      acao: "acesso_negado",
      entidade: "operacao",
      entidade_id: "GET /api/admin/staff",
      antes: null,
      depois: { motivo: "forbidden", caminho: "/api/admin/staff" },
    });
    expect(refused.summary).toBe("Acceso denegado · Operación");
    expect(refused.changes.map((c) => `${c.label}: ${c.after}`)).toEqual([
      "Motivo: sin permiso para esta operación",
      "Dirección pedida: /api/admin/staff",
    ]);
  });

  it("shows a bulk price change per product in its currency", () => {
    const entry = {
      acao: "reajuste_em_massa",
      entidade: "produto",
      entidade_id: null,
      antes: {
        alterados: 2,
        ids: 2,
        valores: [
          { id: 1, codigo: "A", moeda_id: 2, valor: "10.00" },
          { id: 2, codigo: "B", moeda_id: 3, valor: "10000.00" },
        ],
      },
      depois: {
        percentual: 10,
        estoque: null,
        valores: [
          { id: 1, codigo: "A", moeda_id: 2, valor: "11.00" },
          { id: 2, codigo: "B", moeda_id: 3, valor: "11000.00" },
        ],
      },
    };
    const d = describeAuditEntry(pt, entry);
    expect(d.notes).toEqual(["2 produtos alterados: reajuste de 10%"]);
    expect(d.changes.map((c) => `${c.label}: ${c.before} → ${c.after}`)).toEqual([
      "A · Preço de venda: U$ 10,00 → U$ 11,00",
      "B · Preço de venda: G$ 10.000 → G$ 11.000",
    ]);
  });
});

describe("an order timeline's line", () => {
  it("names payment and fulfilment statuses by their labels, with the shipment's carrier and code", () => {
    expect(describeOrderEvent(pt, { tipo: "status_pagamento", dados: { de: "PAGAMENTO", para: "PAGO" } })).toBe(
      "Pagamento do pedido: Aguardando pagamento → Pago",
    );
    expect(describeOrderEvent(es, { tipo: "status_pagamento", dados: { de: "PAGAMENTO", para: "CANCELADO", motivo: "reserva_expirada" } })).toBe(
      "Pago del pedido: Esperando pago → Cancelado — Motivo: la reserva del pedido venció",
    );
    expect(
      describeOrderEvent(pt, {
        tipo: "status_entrega",
        dados: { de: "em_separacao", para: "enviado", transportadora: "Correios", codigo_rastreio: "BR123" },
      }),
    ).toBe("Entrega: Em separação → Enviado (Correios, código de rastreio BR123)");
    expect(describeOrderEvent(es, { tipo: "status_entrega", dados: { de: "em_separacao", para: "pronto_retirada" } })).toBe(
      "Entrega: En preparación → Listo para retirar",
    );
    expect(describeOrderEvent(pt, { tipo: "pagamento", dados: { pagamento_id: 3, provider: "sandbox", de: "AGUARDANDO", para: "DIVERGENTE" } })).toBe(
      "Pagamento por sandbox: Aguardando → Em análise",
    );
  });

  it("shows money in its currency and unknown kinds and fields readably", () => {
    expect(describeOrderEvent(pt, { tipo: "estorno", dados: { valor: "25.5", moeda_id: 2, motivo: "defeito" } })).toBe(
      "Estorno — Valor: U$ 25,50; Motivo: Produto com defeito",
    );
    expect(describeOrderEvent(es, { tipo: "nota", dados: { texto: "Llamó el cliente" } })).toBe("Nota: Llamó el cliente");
    expect(describeOrderEvent(pt, { tipo: "etiqueta_impressa", dados: null })).toBe("Etiqueta impressa");
  });
});

describe("the order, counter and refund records in the member's words (decision 037)", () => {
  const refundRecord = {
    id: 9,
    valor: "51.00",
    moeda_id: 2,
    linhas: [{ item_id: 4, qtde: 2 }],
    frete: false,
    motivo: "defeito",
    nota: "Caixa amassada",
    devolver_estoque: true,
    estoque_devolvido: [{ item_id: 4, qtde: 2 }],
    status: "feito",
    resposta: "ok",
    autor: "Ana",
    created_at: "2026-11-27T15:00:00.000Z",
  };

  it("shows a refund with the refund form's labels, its status and reason by their names, and the gateway's answer in words", () => {
    const d = describeAuditEntry(pt, { acao: "estornar", entidade: "pedido", entidade_id: "12", antes: null, depois: refundRecord });
    expect(d.summary).toBe("Estorno · Pedido #12");
    const shown = Object.fromEntries(d.changes.map((c) => [c.label, c.after]));
    expect(shown).toMatchObject({
      Valor: "U$ 51,00",
      Itens: "1 item",
      "Devolver as unidades ao estoque": "Sim",
      "Ao estoque": "1 item",
      Motivo: "Produto com defeito",
      Observação: "Caixa amassada",
      Situação: "Feito pelo gateway",
      "Resposta do gateway": "Aceito pelo gateway",
    });
    const es1 = describeAuditEntry(es, {
      acao: "conferir_estorno",
      entidade: "pedido",
      entidade_id: "12",
      antes: null,
      depois: { ...refundRecord, status: "pendente", resposta: "gateway_pending" },
    });
    expect(es1.summary).toBe("Reembolso consultado en la pasarela · Pedido #12");
    expect(es1.changes.find((c) => c.field === "status")?.after).toBe("En curso");
    expect(es1.changes.find((c) => c.field === "resposta")?.after).toBe("En proceso en la pasarela");
  });

  it("shows a cancellation, a handover and a document seen at the counter by their forms' words", () => {
    const cancel = describeAuditEntry(es, {
      acao: "cancelar",
      entidade: "pedido",
      entidade_id: "5",
      antes: { status: "PAGAMENTO", status_entrega: "em_separacao" },
      depois: { status: "CANCELADO", status_entrega: "cancelado", motivo: "Cliente desistió" },
    });
    expect(cancel.summary).toBe("Cancelación · Pedido #5");
    expect(cancel.changes.map((c) => `${c.label}: ${c.before} → ${c.after}`)).toEqual([
      "Estado: Esperando pago → Cancelado",
      "Estado del envío: En preparación → Cancelado",
      "Motivo: — → Cliente desistió",
    ]);
    const seen = describeAuditEntry(pt, {
      acao: "documento_visto",
      entidade: "cliente",
      entidade_id: "3",
      antes: null,
      depois: { pedido: "000123", pedido_id: 7, lado: "frente", documento_id: 2, onde: "balcao" },
    });
    expect(seen.changes.find((c) => c.field === "onde")).toMatchObject({ label: "Onde", after: "No balcão" });
    expect(seen.changes.find((c) => c.field === "pedido")).toMatchObject({ label: "Pedido", after: "000123" });
  });

  it("writes a refund, a cancellation and a payment after the cancellation on the timeline in words", () => {
    expect(
      describeOrderEvent(pt, {
        tipo: "estorno",
        dados: {
          estorno_id: 9,
          valor: "51",
          moeda_id: 2,
          linhas: [{ item_id: 4, qtde: 2 }],
          frete: false,
          motivo: "defeito",
          status: "pendente",
          resposta: "gateway_pending",
        },
      }),
    ).toBe(
      "Estorno — Estorno nº: 9; Valor: U$ 51,00; Itens: 1 item; Frete: Não; Motivo: Produto com defeito; Situação: Em andamento; Resposta do gateway: Em processamento no gateway",
    );
    expect(describeOrderEvent(es, { tipo: "cancelamento", dados: { de: "PAGAMENTO", para: "CANCELADO", motivo: "sin stock" } })).toBe(
      "Pedido cancelado — De: Esperando pago; A: Cancelado; Motivo: sin stock",
    );
    expect(
      describeOrderEvent(pt, { tipo: "pagamento", dados: { pagamento_id: 3, provider: "sandbox", de: "EXPIRADO", para: "PAGO_CANCELADO" } }),
    ).toBe("Pagamento por sandbox: Expirado → Pago após o cancelamento");
  });
});
