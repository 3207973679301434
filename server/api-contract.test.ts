import Fastify from "fastify";
import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ApiErrorBodySchema } from "#contract/api/errors.ts";
import { operations, type Operation, type OperationKey } from "#contract/api/operations.ts";
import { brazilFields, call, ciudadDelEste, documentFiles, lastLink, newCustomer, nextIp, uniqueEmail } from "../tests/support/customers.ts";
import { multipart, png } from "../tests/support/fixtures.ts";
import { cartBody, pickProducts, placeOrder, readyCart } from "../tests/support/shop.ts";
import { startFakeViaCep } from "../tests/support/fake-via-cep.ts";
import { createTestApp } from "../tests/support/test-app.ts";
import { upsertStaffMember } from "#db/staff.ts";
import { issueEnrolmentCode, issueStaffToken } from "#db/staff-tokens.ts";
import { queryRows } from "#db/client.ts";
import { fixedT } from "#app/i18n/index.ts";
import { unlabelledInEntry, unlabelledInEvent, type AuditRecordView, type Formatter } from "#app/features/admin/records/describe-change.ts";
import { GatewayError } from "./payments/provider.ts";
import { operationSchema, routePath } from "./lib/operation.ts";
import { errorsPlugin } from "./plugins/errors.ts";

/**
 * The API answers only what contract/api/operations.ts allows: every operation is a route that declares
 * the operation's schemas (so /api/docs describes each answer), and a walk through every operation with
 * good requests gets answers its response schema accepts. A route answering anything else fails with a 500
 * (the zod serializer checks each answer), which the last test shows on purpose.
 */

// The postal-code lookup answers from 127.0.0.1, so a valid code never depends on the internet.
const viaCep = await startFakeViaCep();
const t = await createTestApp({ CEP_LOOKUP_URL: viaCep.url });
afterAll(async () => {
  await t.close();
  await viaCep.close();
});

const keys = Object.keys(operations) as OperationKey[];

describe("the operations map", () => {
  it("is served route by route with its schemas, and /api/docs describes each answer", () => {
    const docs = t.app.swagger() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    for (const key of keys) {
      const { method, url } = routePath(key);
      expect(t.app.hasRoute({ method: method as "GET", url }), key).toBe(true);
      const path = key.split(" ")[1]!;
      const responses = docs.paths[path]?.[method.toLowerCase()]?.responses ?? {};
      const status = String((operations[key] as { status?: number }).status ?? 200);
      expect(Object.keys(responses), key).toEqual(expect.arrayContaining([status, "4XX", "5XX"]));
    }
  });
});

/** Back-office reads that are written to the audit log: a customer's identity document seen. */
const AUDITED_READS = new Set<OperationKey>(["GET /api/admin/customers/{id}/documents/{documentId}", "GET /api/admin/counter/{id}/documento/{lado}"]);
/** Back-office writes recorded elsewhere than in their own request, and why. */
const RECORDED_ELSEWHERE: Partial<Record<OperationKey, string>> = {
  "POST /api/admin/password-reset": "asked before any session, it only sends the link; the reset is recorded (redefinir_senha_email)",
  "POST /api/admin/login": "here the first step of a two-step login: the step that signs in records it (login/totp)",
  "POST /api/admin/me/totp/invite": "a step of a member's own enrolment: recorded when confirmed (ativar_2fa)",
  "POST /api/admin/me/totp": "a step of a member's own enrolment: recorded when confirmed (ativar_2fa)",
  "POST /api/admin/imports": "reads and checks the file only; nothing is written to the catalogue",
  "POST /api/admin/imports/{id}/apply": "applied by the background job, which records it when it ends (checked below)",
};
/** Every back-office write (and the audited reads) leaves an audit record (decision 020). */
const audited = (key: OperationKey) =>
  key.includes(" /api/admin/") && (!key.startsWith("GET ") || AUDITED_READS.has(key)) && RECORDED_ELSEWHERE[key] === undefined;
const lastAudit = async () =>
  Number((await queryRows<{ n: number }>(t.database.db, sql`SELECT coalesce(max(id), 0)::int AS n FROM auditoria`))[0]!.n);

describe("every operation with a good request", () => {
  const seen = new Set<OperationKey>();
  /** Back-office writes that answered well but left no audit record. */
  const unaudited: string[] = [];
  const check = async (key: OperationKey, url: string, options: Parameters<typeof call>[3] = {}, expected?: number) => {
    const { method } = routePath(key);
    const before = audited(key) ? await lastAudit() : 0;
    const res = await call<unknown>(t.app, method as "GET", url, options);
    if (audited(key) && res.status < 400 && (await lastAudit()) <= before) unaudited.push(key);
    const status = expected ?? (operations[key] as { status?: number }).status ?? 200;
    expect(res.status, `${key}: ${String(JSON.stringify(res.body)).slice(0, 300)}`).toBe(status);
    const schema = status < 400 ? operations[key].response : ApiErrorBodySchema;
    // The price list as text and the files (`produces`) stream what no JSON schema describes; a redirect answers no body.
    const op: Operation = operations[key];
    if (!(key === "GET /api/public/products/export" && url.includes("format=txt")) && !op.produces && status !== 303) {
      expect(schema.safeParse(res.body).error, key).toBeUndefined();
    }
    seen.add(key);
    return res.body as never;
  };

  it("answers what its response schema allows", { timeout: 120_000 }, async () => {
    const customer = await newCustomer(t.app, t.database.db, "br");
    const token = customer.token;
    const [product] = await pickProducts(t.database.db, 1);
    const id = product!.id;

    await check("GET /api/public/start", "/api/public/start?moeda_id=3&lang=es");
    await check("GET /api/public/menu", "/api/public/menu?lang=es");
    await check("GET /api/public/categories", "/api/public/categories?lang=pt");
    await check("GET /api/public/brands", "/api/public/brands");
    await check("GET /api/public/moved", "/api/public/moved?categoria=nenhuma&departamento=nenhum&marca=nenhuma");
    await check("GET /api/public/products", "/api/public/products?per_page=5&order_by=nome&order=asc");
    await check("GET /api/public/products/brands", "/api/public/products/brands?text=chave");
    await check("GET /api/public/products/export", "/api/public/products/export?format=json&per_page=5");
    await check("GET /api/public/products/export", "/api/public/products/export?format=txt");
    await check("GET /api/public/products/slugs", "/api/public/products/slugs?file=1");
    await check("GET /api/public/products/{id}/details", `/api/public/products/${id}/details?moeda_id=1`);
    await check("GET /api/public/team", "/api/public/team?lang=es");
    await check("POST /api/public/contato-newsletter", "/api/public/contato-newsletter", { body: { celular: "5511987654321" } });

    const created = await check("POST /ecom/venda/carrinho", "/ecom/venda/carrinho", { body: cartBody([{ produto_id: id, qtde: 1 }]) });
    const guestCart = (created as { data: { id: number; external_id: string } }).data;
    await check("PUT /ecom/venda/carrinho/{id}", `/ecom/venda/carrinho/${guestCart.id}`, {
      body: cartBody([{ produto_id: id, qtde: 2 }], 2, guestCart.external_id),
    });
    await check("GET /ecom/venda/carrinho/{external_id}", `/ecom/venda/carrinho/${guestCart.external_id}?moeda_id=1`);
    const handedOver = await check("POST /ecom/venda/carrinho/{external_id}/passagem", `/ecom/venda/carrinho/${guestCart.external_id}/passagem`);
    await check("POST /ecom/venda/carrinho/passagem", "/ecom/venda/carrinho/passagem", { body: handedOver });
    await check("POST /ecom/venda/carrinho/{external_id}/vincular", `/ecom/venda/carrinho/${guestCart.external_id}/vincular?moeda_id=2`, { token });
    const city = customer.user.enderecos[0]!.cidade_id;
    await check("PUT /ecom/venda/carrinho/{external_id}/calcular-frete", `/ecom/venda/carrinho/${guestCart.external_id}/calcular-frete`, {
      token,
      body: { cidade_id: city, pais_id: 1, moeda_id: 2 },
    });
    await check("GET /ecom/venda/carrinho/{external_id}/pontos-entrega", `/ecom/venda/carrinho/${guestCart.external_id}/pontos-entrega`, { token });
    const { cart, pickup } = await readyCart(t.app, token, [{ produto_id: id, qtde: 1 }]);
    await check("POST /ecom/venda/carrinho/{external_id}/iniciar-checkout", `/ecom/venda/carrinho/${cart.external_id}/iniciar-checkout`, {
      token,
      body: { token_entrega: pickup.token, valor_frete: pickup.valor, entrega_servico_id: pickup.entrega_servico_id },
    });
    const { order } = await placeOrder(t.app, token, [{ produto_id: id, qtde: 1 }]);
    await check("GET /ecom/venda/pedidos", "/ecom/venda/pedidos?page=1&per_page=2", { token });
    await check("GET /ecom/venda/pedidos/{external_id}", `/ecom/venda/pedidos/${order.external_id}`, { token });
    await check("GET /ecom/venda/pedidos/{external_id}/buscar-pagamentos", `/ecom/venda/pedidos/${order.external_id}/buscar-pagamentos`, { token });
    const ticket = await call(t.app, "GET", `/ecom/venda/pedidos/${order.external_id}/ticket.pdf`, { token });
    expect(ticket.headers["content-type"]).toBe("application/pdf");
    await check("GET /ecom/venda/pedidos/{external_id}/ticket.pdf", `/ecom/venda/pedidos/${order.external_id}/ticket.pdf`, { token });
    const pay = await call(t.app, "GET", `/ecom/venda/pedidos/${order.external_id}/pagar`, { token });
    expect(pay.headers.location).toBeTruthy();
    await check("GET /ecom/venda/pedidos/{external_id}/pagar", `/ecom/venda/pedidos/${order.external_id}/pagar`, { token });
    const front = await call(t.app, "GET", "/ecom/cliente/documento/frente", { token });
    expect(operations["GET /ecom/cliente/documento/{lado}"].produces).toContain(front.headers["content-type"]);
    await check("GET /ecom/cliente/documento/{lado}", "/ecom/cliente/documento/frente", { token });
    const methods = (await check("GET /ecom/pagamentos/meios", "/ecom/pagamentos/meios", { token })) as { data: { metodo: string }[] };
    expect(methods.data.length).toBeGreaterThan(0);

    await check("POST /ecom/login", "/ecom/login", { body: { email: customer.email, password: customer.password } });
    await check("POST /ecom/me", "/ecom/me", { token });
    await check("POST /ecom/cliente/cadastrar/check-email", "/ecom/cliente/cadastrar/check-email", { body: { email: uniqueEmail() } });
    await check("POST /ecom/cliente/cadastrar/check-email", "/ecom/cliente/cadastrar/check-email", { body: { email: customer.email } }, 409);
    const email = uniqueEmail();
    await check("POST /ecom/cliente/cadastrar", "/ecom/cliente/cadastrar", {
      form: await multipart(await brazilFields(t.app, { email, email_confirmation: email }), documentFiles()),
    });
    const confirmation = await lastLink(t.app, email, "confirmation-email");
    await check("POST /ecom/cliente/confirmar-email/{uid}/{token}", `/ecom/cliente/confirmar-email/${confirmation.uuid}/${confirmation.token}`);
    await check("POST /ecom/cliente/recuperar-senha", "/ecom/cliente/recuperar-senha", { body: { email } });
    const reset = await lastLink(t.app, email, "reset-password");
    await check("POST /ecom/cliente/trocar-senha", "/ecom/cliente/trocar-senha", {
      body: { uuid: reset.uuid, token: reset.token, password: "Outra#Senha1", password_confirmation: "Outra#Senha1" },
    });
    await check("POST /ecom/cliente/reenviar-email", "/ecom/cliente/reenviar-email", { token });
    await check("POST /ecom/cliente/update-profile", "/ecom/cliente/update-profile", {
      token,
      form: await multipart({ telefone: "+55 11 91234-5678", documento_tipo: "CPF", documento: "529.982.247-25" }),
    });
    const state = (await check("GET /ecom/endereco/estados", "/ecom/endereco/estados?pais_id=1")) as { data: { id: number }[] };
    await check("GET /ecom/endereco/estados/{id}/cidades", `/ecom/endereco/estados/${state.data[0]!.id}/cidades`);
    await check("GET /ecom/endereco/cep/{cep}", "/ecom/endereco/cep/01310-100");
    await check("GET /ecom/endereco/cep/{cep}", "/ecom/endereco/cep/99999-999");
    const sp = (await check("POST /ecom/endereco/cidade-por-codigo", "/ecom/endereco/cidade-por-codigo", {
      body: { pais_id: 1, codigo: "3550308" },
    })) as { id: number; estado: { id: number } };
    // Foreign (Brazilian) customers pick up in the shop and keep no addresses: a resident adds one.
    const resident = await newCustomer(t.app, t.database.db, "py");
    const cde = await ciudadDelEste(t.database.db);
    const saved = (await check("POST /ecom/cliente/address", "/ecom/cliente/address", {
      token: resident.token,
      body: { nome: "Depósito", logradouro: "Avenida San Blas", numero: "1", bairro: "Centro", cidade_id: cde.id, estado_id: cde.estado_id },
    })) as { data: { id: number } };
    await check("GET /ecom/cliente/address", "/ecom/cliente/address", { token: resident.token });
    await check("PATCH /ecom/cliente/address/{id}/set-main", `/ecom/cliente/address/${saved.data.id}/set-main`, { token: resident.token });
    await check("PUT /ecom/cliente/address/{id}", `/ecom/cliente/address/${saved.data.id}`, { token: resident.token, body: { ativo: false } });
    expect(sp.estado.id).toBeGreaterThan(0);

    const favourite = (await check("POST /ecom/favoritos", "/ecom/favoritos", { token, body: { produto_id: id } })) as { data: { id: number } };
    await check("GET /ecom/favoritos", "/ecom/favoritos?lang=es&moeda_id=3", { token });
    await check("DELETE /ecom/favoritos/{id}", `/ecom/favoritos/${favourite.data.id}`, { token });

    await check("POST /ecom/cliente/trocar-senha-l", "/ecom/cliente/trocar-senha-l", {
      token,
      body: { password_currently: customer.password, password: "Outra#Senha1", password_confirmation: "Outra#Senha1" },
    });
    // The password change ended the other sessions; a new login for the logout.
    const again = (await check("POST /ecom/login", "/ecom/login", { body: { email: customer.email, password: "Outra#Senha1" }, ip: nextIp() })) as {
      token: string;
    };
    await check("POST /ecom/logout", "/ecom/logout", { token: again.token });

    // The back office, as an owner on a page of the store's own host.
    const host = new URL(t.config.publicUrl).host;
    const ownerEmail = uniqueEmail("dona");
    const { id: ownerId } = await upsertStaffMember(t.database.db, {
      email: ownerEmail,
      nome: "Dona",
      papel: "owner",
      password: "Dona#Contrato2026",
    });
    const page = { host, origin: t.config.publicUrl };
    const login = await call<{ csrf_token: string }>(t.app, "POST", "/api/admin/login", {
      body: { email: ownerEmail, password: "Dona#Contrato2026" },
      headers: page,
    });
    await check("POST /api/admin/login", "/api/admin/login", { body: { email: ownerEmail, password: "Dona#Contrato2026" }, headers: page });
    const cookie = /staff_sid=([^;]+)/.exec(String(login.headers["set-cookie"]))![1]!;
    const staff = { headers: { ...page, cookie: `staff_sid=${cookie}`, "x-csrf-token": login.body.csrf_token } };
    await check("GET /api/admin/session", "/api/admin/session", staff);
    await check("PATCH /api/admin/me", "/api/admin/me", { ...staff, body: { lang: "es-PY" } });
    await check("POST /api/admin/me/reauth", "/api/admin/me/reauth", { ...staff, body: { password: "Dona#Contrato2026" } });
    const member = (await check("POST /api/admin/staff", "/api/admin/staff", {
      ...staff,
      body: { email: uniqueEmail("balcao"), nome: "Balcão", papel: "counter", password: "Balcao#Contrato2026" },
    })) as { data: { id: number } };
    await check("PATCH /api/admin/staff/{id}", `/api/admin/staff/${member.data.id}`, { ...staff, body: { papel: "manager" } });
    await check("GET /api/admin/staff", "/api/admin/staff", staff);
    await check("DELETE /api/admin/staff/{id}/totp", `/api/admin/staff/${member.data.id}/totp`, staff);
    await check("POST /api/admin/staff/{id}/totp/invite", `/api/admin/staff/${member.data.id}/totp/invite`, staff);
    // A forgotten password: the request, and the member's new password with a token like the e-mailed one.
    await check("POST /api/admin/password-reset", "/api/admin/password-reset", { body: { email: ownerEmail }, headers: page });
    await issueStaffToken(t.database.db, member.data.id, "redefinir_senha", "token-do-contrato-0123456789", 60_000);
    await check("POST /api/admin/password-reset/confirm", "/api/admin/password-reset/confirm", {
      body: { token: "token-do-contrato-0123456789", password: "Nova#Contrato2026" },
      headers: page,
    });
    // Two-factor: the owner asks for an enrolment link, enrols with its code, turns it mandatory, renews the codes and logs in with a code.
    await check("POST /api/admin/me/totp/invite", "/api/admin/me/totp/invite", staff);
    const { code: convite } = await issueEnrolmentCode(t.database.db, ownerId);
    const enrolment = (await check("POST /api/admin/me/totp", "/api/admin/me/totp", { ...staff, body: { convite } })) as { secret: string };
    const app = new TOTP({ secret: Secret.fromBase32(enrolment.secret) });
    const codeIn = (steps: number) => app.generate({ timestamp: Date.now() + steps * 30_000 });
    await check("POST /api/admin/me/totp/confirm", "/api/admin/me/totp/confirm", { ...staff, body: { codigo: codeIn(0), convite } });
    await check("PUT /api/admin/settings", "/api/admin/settings", { ...staff, body: { totp_obrigatorio: true } });
    await check("GET /api/admin/settings", "/api/admin/settings", staff);
    await check("PUT /api/admin/settings", "/api/admin/settings", { ...staff, body: { totp_obrigatorio: false } });
    const renewed = (await check("POST /api/admin/me/totp/recovery-codes", "/api/admin/me/totp/recovery-codes", {
      ...staff,
      body: { codigo: codeIn(1) },
    })) as { recovery_codes: string[] };
    const step = (await check("POST /api/admin/login", "/api/admin/login", {
      body: { email: ownerEmail, password: "Dona#Contrato2026" },
      headers: page,
      ip: nextIp(),
    })) as { totp_ticket: string };
    await check("POST /api/admin/login/totp", "/api/admin/login/totp", {
      body: { ticket: step.totp_ticket, codigo: renewed.recovery_codes[0] },
      headers: page,
    });
    await check("POST /api/admin/me/totp/disable", "/api/admin/me/totp/disable", {
      ...staff,
      body: { current_password: "Dona#Contrato2026", codigo: renewed.recovery_codes[1] },
    });
    await check("GET /api/admin/audit", "/api/admin/audit?entidade=funcionario", staff);
    await check("GET /api/admin/catalog-options", "/api/admin/catalog-options", staff);
    await check("GET /api/admin/rates", "/api/admin/rates", staff);
    await check("PUT /api/admin/rates", "/api/admin/rates", { ...staff, body: { rates: [{ target_currency_id: 4, tax: "1190" }] } });
    await check("GET /api/admin/products", "/api/admin/products?q=furadeira&estoque=com&per_page=50", staff);
    const productBody = {
      codigo: `CONTRATO-${process.pid}`,
      nome_pt: "Produto do contrato",
      nome_es: "Producto del contrato",
      moeda_id: 3,
      valor_venda: "150000",
      qtde_disponivel: 3,
      qtde_fisica: 3,
      especificacoes: [{ nome_pt: "Peso", nome_es: "Peso", valor_pt: "1 kg" }],
    };
    const made = (await check("POST /api/admin/products", "/api/admin/products", { ...staff, body: productBody })) as { data: { id: number } };
    const productPath = `/api/admin/products/${made.data.id}`;
    await check("GET /api/admin/products/{id}", productPath, staff);
    await check("PUT /api/admin/products/{id}", productPath, { ...staff, body: { ...productBody, valor_venda: "160000" } });
    await check("POST /api/admin/products/{id}/duplicate", `${productPath}/duplicate`, staff);
    await check("POST /api/admin/products/bulk", "/api/admin/products/bulk", {
      ...staff,
      body: { ids: [made.data.id], acao: "estoque", estoque: 2 },
    });
    const images = (await check("POST /api/admin/products/{id}/images", `${productPath}/images`, {
      ...staff,
      form: await multipart({}, { imagens: { name: "a.png", type: "image/png", data: png(8, 8) } }),
    })) as { data: { id: number }[] };
    await check("PUT /api/admin/products/{id}/images", `${productPath}/images`, { ...staff, body: { ids: images.data.map((i) => i.id) } });
    await check("DELETE /api/admin/products/{id}/images/{imageId}", `${productPath}/images/${images.data[0]!.id}`, staff);
    await check("GET /api/admin/export", "/api/admin/export?formato=xlsx&colunas=preco_estoque", staff);
    const started = (await check("POST /api/admin/imports", "/api/admin/imports", {
      ...staff,
      form: await multipart({}, { arquivo: { name: "p.csv", type: "text/csv", data: Buffer.from(`codigo;estoque\n${productBody.codigo};4\n`) } }),
    })) as { data: { id: number } };
    const importPath = `/api/admin/imports/${started.data.id}`;
    await vi.waitUntil(
      async () => ((await check("GET /api/admin/imports/{id}", importPath, staff)) as { data: { estado: string } }).data.estado === "checked",
    );
    await check("POST /api/admin/imports/{id}/apply", `${importPath}/apply`, staff);
    await check("GET /api/admin/imports", "/api/admin/imports", staff);
    const key = (await check("POST /api/admin/api-keys", "/api/admin/api-keys", { ...staff, body: { nome: "ERP" } })) as { data: { id: number } };
    await check("GET /api/admin/api-keys", "/api/admin/api-keys", staff);
    await check("DELETE /api/admin/api-keys/{id}", `/api/admin/api-keys/${key.data.id}`, staff);
    const category = (await check("POST /api/admin/categories", "/api/admin/categories", {
      ...staff,
      body: { name_pt: "Categoria do contrato", name_es: "Categoría del contrato", icone: "energia" },
    })) as { data: { id: number; slug: string } };
    const categoryPath = `/api/admin/categories/${category.data.id}`;
    await check("PUT /api/admin/categories/{id}", categoryPath, {
      ...staff,
      body: { name_pt: "Categoria do contrato", name_es: "Categoría del contrato", slug: `contrato-${process.pid}`, visivel_menu: false },
    });
    await check("GET /api/admin/categories", "/api/admin/categories", staff);
    const department = (await check("POST /api/admin/categories/{id}/departments", `${categoryPath}/departments`, {
      ...staff,
      body: { name_pt: "Departamento", name_es: "Departamento" },
    })) as { data: { id: number } };
    await check("GET /api/admin/categories/{id}/departments", `${categoryPath}/departments`, staff);
    await check("PUT /api/admin/categories/{id}/departments/{departmentId}", `${categoryPath}/departments/${department.data.id}`, {
      ...staff,
      body: { name_pt: "Departamento novo", name_es: "Departamento nuevo" },
    });
    await check("DELETE /api/admin/categories/{id}/departments/{departmentId}", `${categoryPath}/departments/${department.data.id}`, staff);
    await check("DELETE /api/admin/categories/{id}", categoryPath, staff);
    const brand = (await check("POST /api/admin/brands", "/api/admin/brands", { ...staff, body: { nome: "Marca do contrato" } })) as {
      data: { id: number };
    };
    const brandPath = `/api/admin/brands/${brand.data.id}`;
    await check("GET /api/admin/brands", "/api/admin/brands", staff);
    await check("PUT /api/admin/brands/{id}", brandPath, { ...staff, body: { nome: "Marca do contrato", destaque: true } });
    await check("POST /api/admin/brands/{id}/logo", `${brandPath}/logo`, {
      ...staff,
      form: await multipart({}, { logo: { name: "l.png", type: "image/png", data: png(8, 8) } }),
    });
    await check("DELETE /api/admin/brands/{id}/logo", `${brandPath}/logo`, staff);
    await check("DELETE /api/admin/brands/{id}", brandPath, staff);
    // Content: banners, the sales team, the offers sign-ups.
    const banner = (await check("POST /api/admin/banners", "/api/admin/banners", {
      ...staff,
      body: { tipo: "Triplo Centro", link: "/produtos", fim: "2030-01-01T00:00" },
    })) as { data: { id: number } };
    const bannerPath = `/api/admin/banners/${banner.data.id}`;
    await check("PUT /api/admin/banners/{id}", bannerPath, { ...staff, body: { tipo: "Triplo Centro", titulo_pt: "Contrato" } });
    await check("POST /api/admin/banners/{id}/image", `${bannerPath}/image`, {
      ...staff,
      form: await multipart({}, { imagem: { name: "b.png", type: "image/png", data: png(8, 8) } }),
    });
    await check("GET /api/admin/banners", "/api/admin/banners", staff);
    await check("DELETE /api/admin/banners/{id}", bannerPath, staff);
    const seller = (await check("POST /api/admin/sellers", "/api/admin/sellers", {
      ...staff,
      body: { nome: "Contrato", funcao_pt: "Vendas", funcao_es: "Ventas", whatsapp: "+595 981 000 111" },
    })) as { data: { id: number } };
    const sellerPath = `/api/admin/sellers/${seller.data.id}`;
    await check("PUT /api/admin/sellers/{id}", sellerPath, { ...staff, body: { nome: "Contrato", funcao_pt: "Vendas", funcao_es: "Ventas" } });
    await check("POST /api/admin/sellers/{id}/photo", `${sellerPath}/photo`, {
      ...staff,
      form: await multipart({}, { foto: { name: "f.png", type: "image/png", data: png(8, 8) } }),
    });
    await check("DELETE /api/admin/sellers/{id}/photo", `${sellerPath}/photo`, staff);
    await check("GET /api/admin/sellers", "/api/admin/sellers", staff);
    await check("DELETE /api/admin/sellers/{id}", sellerPath, staff);
    await check("GET /api/admin/signups", "/api/admin/signups?page=1", staff);
    await check("GET /api/admin/signups/export", "/api/admin/signups/export", staff);
    // Customers and their documents (decision 031).
    const customerPath = `/api/admin/customers/${customer.user.id}`;
    await check("GET /api/admin/customers", `/api/admin/customers?q=${encodeURIComponent(customer.email)}&nacionalidade=BR`, staff);
    const record = (await check("GET /api/admin/customers/{id}", customerPath, staff)) as { data: { documentos: { url: string; mime: string }[] } };
    const side = record.data.documentos[0]!;
    const image = await call(t.app, "GET", side.url, staff);
    expect(operations["GET /api/admin/customers/{id}/documents/{documentId}"].produces).toContain(image.headers["content-type"]);
    await check("GET /api/admin/customers/{id}/documents/{documentId}", side.url, staff);
    await check("POST /api/admin/customers/{id}/documents/review", `${customerPath}/documents/review`, { ...staff, body: { estado: "verificado" } });
    await check("POST /api/admin/customers/{id}/resend-confirmation", `${customerPath}/resend-confirmation`, staff);
    await check("POST /api/admin/customers/{id}/password-reset", `${customerPath}/password-reset`, staff);
    await check("GET /api/admin/orders", `/api/admin/orders?q=${order.pedido}&status=PAGAMENTO&tipo=retirada`, staff);
    await check("GET /api/admin/orders.csv", "/api/admin/orders.csv?status=PAGAMENTO", staff);
    await check("GET /api/admin/orders/{id}", `/api/admin/orders/${order.id}`, staff);
    await check("POST /api/admin/orders/{id}/notes", `/api/admin/orders/${order.id}/notes`, { ...staff, body: { texto: "Contrato" } });
    await check("POST /api/admin/orders/{id}/cancel", `/api/admin/orders/${order.id}/cancel`, { ...staff, body: { motivo: "Contrato" } });
    const paid = await placeOrder(t.app, token, [{ produto_id: id, qtde: 1 }]);
    await call(t.app, "POST", paid.path, {
      form: { payload: Buffer.from("decision=approve"), headers: { "content-type": "application/x-www-form-urlencoded" } },
    });
    await check("POST /api/admin/orders/{id}/fulfilment", `/api/admin/orders/${paid.order.id}/fulfilment`, {
      ...staff,
      body: { status: "pronto_retirada" },
    });
    // Refunds: the order paid above, one unit given back.
    const refundable = (await check("GET /api/admin/orders/{id}/refunds", `/api/admin/orders/${paid.order.id}/refunds`, staff)) as {
      data: { linhas: { item_id: number }[] };
    };
    await check("POST /api/admin/orders/{id}/refunds", `/api/admin/orders/${paid.order.id}/refunds`, {
      ...staff,
      body: {
        linhas: [{ item_id: refundable.data.linhas[0]!.item_id, qtde: 1 }],
        motivo: "defeito",
        devolver_estoque: true,
        chave: `contrato-${process.pid}-refund`,
      },
    });
    // The pickup counter: a new paid pickup order, looked up by its code, a document image, the handover.
    const counterPickup = await placeOrder(t.app, token, [{ produto_id: id, qtde: 1 }]);
    await call(t.app, "POST", counterPickup.path, {
      form: { payload: Buffer.from("decision=approve"), headers: { "content-type": "application/x-www-form-urlencoded" } },
    });
    const atCounter = (await check("GET /api/admin/counter/{codigo}", `/api/admin/counter/${counterPickup.order.codigo_retirada}`, staff)) as {
      data: { id: number; documentos: { link: string }[] }[];
    };
    const counterOrder = atCounter.data[0]!;
    await check("GET /api/admin/counter/{id}/documento/{lado}", counterOrder.documentos[0]!.link, staff);
    await check("POST /api/admin/counter/{id}/handover", `/api/admin/counter/${counterOrder.id}/handover`, staff);
    // The pages' texts and the FAQ.
    await check("GET /api/public/page-texts", "/api/public/page-texts?page=about&lang=es", {});
    await check("GET /api/admin/page-texts/{page}", "/api/admin/page-texts/howToBuy", staff);
    await check("PUT /api/admin/page-texts/{page}", "/api/admin/page-texts/howToBuy", {
      ...staff,
      body: { textos: { "howToBuy.intro": { pt: "Contrato {{brand}}.", es: "Contrato {{brand}}." } } },
    });
    const faq = (await check("POST /api/admin/faq", "/api/admin/faq", {
      ...staff,
      body: { pergunta_pt: "Contrato?", pergunta_es: "¿Contrato?", resposta_pt: "Sim.", resposta_es: "Sí." },
    })) as { data: { id: number } };
    await check("GET /api/admin/faq", "/api/admin/faq", staff);
    await check("PUT /api/admin/faq/{id}", `/api/admin/faq/${faq.data.id}`, {
      ...staff,
      body: { pergunta_pt: "Contrato 2?", pergunta_es: "¿Contrato 2?", resposta_pt: "Sim.", resposta_es: "Sí." },
    });
    await check("DELETE /api/admin/faq/{id}", `/api/admin/faq/${faq.data.id}`, staff);
    // Shipping services, rates and counterPickup points.
    const places = (await check("GET /api/admin/delivery/places", "/api/admin/delivery/places", staff)) as {
      data: { id: number; cidades: { id: number }[] }[];
    };
    const paraguayDepartment = places.data.find((d) => d.cidades.length > 0)!;
    const service = (await check("POST /api/admin/delivery/services", "/api/admin/delivery/services", {
      ...staff,
      body: { descricao_pt: "Contrato", descricao_es: "Contrato" },
    })) as { data: { id: number } };
    await check("GET /api/admin/delivery/services", "/api/admin/delivery/services", staff);
    await check("PUT /api/admin/delivery/services/{id}", `/api/admin/delivery/services/${service.data.id}`, {
      ...staff,
      body: { descricao_pt: "Contrato 2", descricao_es: "Contrato 2", usa_pontos: true },
    });
    const rateBody = { servico_id: service.data.id, estado_id: paraguayDepartment.id, cidade_id: null, moeda_id: 3, valor: "15000", prazo: 2 };
    const rate = (await check("POST /api/admin/delivery/rates", "/api/admin/delivery/rates", { ...staff, body: rateBody })) as {
      data: { id: number };
    };
    await check("GET /api/admin/delivery/rates", `/api/admin/delivery/rates?servico_id=${service.data.id}`, staff);
    await check("PUT /api/admin/delivery/rates/{id}", `/api/admin/delivery/rates/${rate.data.id}`, {
      ...staff,
      body: { ...rateBody, valor: "16000" },
    });
    await check("DELETE /api/admin/delivery/rates/{id}", `/api/admin/delivery/rates/${rate.data.id}`, staff);
    const pointBody = {
      nome: "Ponto do contrato",
      endereco: "Rua 1",
      estado_id: paraguayDepartment.id,
      cidade_id: paraguayDepartment.cidades[0]!.id,
      horario_atendimento: "8h-18h",
      servico_id: service.data.id,
    };
    const point = (await check("POST /api/admin/delivery/points", "/api/admin/delivery/points", { ...staff, body: pointBody })) as {
      data: { id: number };
    };
    await check("GET /api/admin/delivery/points", "/api/admin/delivery/points", staff);
    await check("PUT /api/admin/delivery/points/{id}", `/api/admin/delivery/points/${point.data.id}`, {
      ...staff,
      body: { ...pointBody, ativo: false },
    });
    // A refund whose gateway answer is lost, checked again; one that never reached the gateway, settled by hand.
    const sandbox = t.app.paymentProviders.get("sandbox")!;
    const madeBySandbox = sandbox.refund!.bind(sandbox);
    const pendingRefund = async (reached: boolean, chave: string) => {
      const pending = await placeOrder(t.app, token, [{ produto_id: id, qtde: 1 }]);
      await call(t.app, "POST", pending.path, {
        form: { payload: Buffer.from("decision=approve"), headers: { "content-type": "application/x-www-form-urlencoded" } },
      });
      sandbox.refund = async (input) => {
        if (reached) await madeBySandbox(input);
        throw new GatewayError("sandbox", "no answer from /refund: TimeoutError", true);
      };
      try {
        const made = (await check("POST /api/admin/orders/{id}/refunds", `/api/admin/orders/${pending.order.id}/refunds`, {
          ...staff,
          body: { valor: "1", motivo: "outro", chave },
        })) as { data: { id: number; status: string } };
        expect(made.data.status).toBe("pendente");
        return `/api/admin/orders/${pending.order.id}/refunds/${made.data.id}`;
      } finally {
        sandbox.refund = madeBySandbox;
      }
    };
    const lost = await pendingRefund(true, `contrato-${process.pid}-lost`);
    await check("POST /api/admin/orders/{id}/refunds/{refundId}/check", `${lost}/check`, staff);
    const unreached = await pendingRefund(false, `contrato-${process.pid}-unreached`);
    await check("POST /api/admin/orders/{id}/refunds/{refundId}/settle", `${unreached}/settle`, {
      ...staff,
      body: { resultado: "recusado", nota: "Não consta no portal" },
    });
    await check("GET /api/admin/dashboard", "/api/admin/dashboard", staff);
    await check("POST /api/admin/logout", "/api/admin/logout", staff);

    expect(keys.filter((key) => !seen.has(key))).toEqual([]);
    expect(unaudited).toEqual([]);
    await vi.waitFor(
      async () => expect((await queryRows(t.database.db, sql`SELECT 1 FROM auditoria WHERE acao = 'importar'`)).length).toBeGreaterThan(0),
      { timeout: 20_000 },
    );

    // Every record those writes left, and every order's timeline, reads in the member's words (decision 035):
    // an action, a field or a timeline line without a label of its own fails here.
    const entries = await queryRows<AuditRecordView>(t.database.db, sql`SELECT acao, entidade, entidade_id, antes, depois FROM auditoria`);
    const events = await queryRows<{ tipo: string; dados: unknown }>(t.database.db, sql`SELECT tipo, dados FROM pedido_eventos`);
    for (const locale of ["pt-BR", "es-PY"] as const) {
      const f: Formatter = { t: fixedT(locale), locale };
      const gaps = [...new Set([...entries.flatMap((e) => unlabelledInEntry(f, e)), ...events.flatMap((e) => unlabelledInEvent(f, e))])];
      expect(gaps.sort(), locale).toEqual([]);
    }
  });
});

describe("a route answering what its schema does not allow", () => {
  it("answers 500 with the error shape instead of the wrong answer", async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    const wrong: FastifyPluginAsyncZod = async (api) => {
      // A seller without a name and with a numeric photo: not what GET /api/public/team promises.
      api.get("/api/public/team", { schema: operationSchema("GET /api/public/team", { tags: [] }) }, async () => ({
        data: [{ id: 1, funcao: "Vendas", foto: 42, whatsapp: null }] as never,
      }));
    };
    await app.register(wrong);
    const res = await app.inject({ method: "GET", url: "/api/public/team" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(res.body).not.toContain("Vendas");
    await app.close();
  });
});
