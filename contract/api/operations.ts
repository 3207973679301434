import { z } from "zod";
import {
  AddressBodySchema,
  AddressSavedSchema,
  AddressSchema,
  AddressUpdateBodySchema,
  CepLookupSchema,
  ChangePasswordBodySchema,
  CheckEmailBodySchema,
  CitiesSchema,
  CityByCodeBodySchema,
  CityByCodeSchema,
  ConfirmEmailParamsSchema,
  FavouriteBodySchema,
  FavouriteListItemSchema,
  FavouriteSchema,
  IdParamSchema,
  LoginBodySchema,
  LoginResponseSchema,
  MessageSchema,
  ProfileUpdatedSchema,
  RecoverBodySchema,
  REGISTRATION_FILE_TYPES,
  RegisteredSchema,
  ResetPasswordBodySchema,
  StatesSchema,
  UserSchema,
} from "./accounts.ts";
import {
  CartBodySchema,
  CartHandedOverSchema,
  CartHandoverBodySchema,
  CartHandoverSchema,
  CartIdParamSchema,
  CartQuerySchema,
  CartSchema,
  CheckoutBodySchema,
  CheckoutStartedSchema,
  ExternalIdParamSchema,
  OrderPaymentsSchema,
  OrderSchema,
  OrdersPageSchema,
  PaymentOptionsSchema,
  PickupPointSchema,
  ShippingBodySchema,
  ShippingQuoteSchema,
} from "./cart.ts";
import {
  BrandFacetSchema,
  BrandSchema,
  CategoriesQuerySchema,
  CategorySchema,
  LangQuerySchema,
  MenuSchema,
  NewsletterBodySchema,
  ProductDetailsParamsSchema,
  ProductDetailsQuerySchema,
  ProductDetailsSchema,
  ProductsPageSchema,
  ProductsQuerySchema,
  ProductSummarySchema,
  SellerSchema,
  SlugSliceSchema,
  StartDataSchema,
  StartQuerySchema,
} from "./catalog.ts";
import { idSchema, intSchema, textSchema } from "./common.ts";
import { data, file, redirect, type Operation } from "./operation-shape.ts";
import { ordersOperations } from "./admin/orders.ts";
import { counterOperations } from "./admin/counter.ts";
import { refundOperations } from "./admin/refunds.ts";
import { customerOperations } from "./admin/customers.ts";
import { contentOperations } from "./admin/content.ts";
import { pagesOperations } from "./admin/pages.ts";
import { deliveryOperations } from "./admin/delivery.ts";
import { dashboardOperations } from "./admin/dashboard.ts";

import {
  AdminProductBodySchema,
  AdminProductImageSchema,
  AdminProductSchema,
  AdminProductsPageSchema,
  AdminProductsQuerySchema,
  BulkChangeBodySchema,
  BulkChangeResultSchema,
  CatalogOptionsSchema,
  ImageOrderBodySchema,
  ProductIdParamSchema,
  ProductImageParamSchema,
} from "./admin/products.ts";
import {
  AdminImportSchema,
  ApiKeyCreateBodySchema,
  ApiKeyCreatedSchema,
  ApiKeySchema,
  CatalogueExportQuerySchema,
  ImportApplyQuerySchema,
  ImportParamSchema,
} from "./admin/imports.ts";
import {
  AdminBrandSchema,
  AdminCategorySchema,
  AdminDepartmentSchema,
  BrandBodySchema,
  CatalogueIdParamSchema,
  CategoryBodySchema,
  DepartmentBodySchema,
  DepartmentParamSchema,
} from "./admin/catalogue.ts";
import { RatesBodySchema, RatesSchema } from "./admin/rates.ts";
import {
  ANY_STAFF,
  IMPORTERS,
  MANAGERS,
  AuditPageSchema,
  AuditQuerySchema,
  OWNER,
  StaffCreateBodySchema,
  StaffIdParamSchema,
  StaffListSchema,
  StaffLoginBodySchema,
  StaffLoginResponseSchema,
  StaffOwnBodySchema,
  StaffResetBodySchema,
  StaffResetRequestBodySchema,
  StaffReauthBodySchema,
  StaffReauthResponseSchema,
  StaffSchema,
  StaffSessionSchema,
  StaffSignedInSchema,
  StaffTotpLoginBodySchema,
  StaffUpdateBodySchema,
} from "./admin/staff.ts";
import {
  EnrolmentCodeSchema,
  RecoveryCodesSchema,
  ShopSettingsBodySchema,
  ShopSettingsSchema,
  TotpCodeBodySchema,
  TotpConfirmBodySchema,
  TotpDisableBodySchema,
  TotpEnrolmentSchema,
  TotpStartBodySchema,
} from "./admin/totp.ts";

/**
 * Every call of spec §7 the storefront makes, by "METHOD /path/{param}": the schemas of its path
 * parameters, query, body and answer. The API's routes declare exactly these (server/lib/operation.ts),
 * so a request is validated and an answer checked against the same schema the storefront's typed
 * client (app/lib/api-client.ts) takes its types from. Only types of this map reach the browser.
 */

const langParam = textSchema()
  .max(8)
  .optional()
  .transform((v) => (v?.toLowerCase().startsWith("es") ? ("es" as const) : ("pt" as const)));

export const ExportQuerySchema = z.intersection(ProductsQuerySchema, z.object({ format: z.enum(["txt", "json"]).default("json") }));
/** The slugs of a list's address; each old one is answered with the current one (null when unknown). */
export const MovedQuerySchema = z.object({
  marca: textSchema().max(220).optional(),
  categoria: textSchema().max(220).optional(),
  departamento: textSchema().max(220).optional(),
});
export const MovedSchema = z.object({ marca: z.string().nullable(), categoria: z.string().nullable(), departamento: z.string().nullable() });
export const SlugsQuerySchema = z.object({ file: intSchema(1, 10_000).default(1) });
export const OrdersQuerySchema = z.object({ page: intSchema(1, 10_000).default(1), per_page: intSchema(1, 50).default(15) });
export const FavouritesQuerySchema = z.object({ lang: langParam, moeda_id: intSchema(1, 4).default(2) });
/** The shipping calls take the cart's external id (or, for pickup points, its id): checked in the handler. */
export const CartKeyParamSchema = z.object({ external_id: textSchema().min(1).max(64) });
export const CepParamsSchema = z.object({ cep: textSchema({ trim: false }).max(12) });
export const StatesQuerySchema = z.object({ pais_id: intSchema(1, 3) });
export const StateParamsSchema = z.object({ id: idSchema });

export const DocumentSideParamSchema = z.object({ lado: textSchema().max(16).describe("`frente` or `verso`") });

export const operations = {
  // Catalogue (public).
  "GET /api/public/start": { query: StartQuerySchema, response: StartDataSchema },
  /** The menus, featured brands and rates of every page (a lean cut of the start data). */
  "GET /api/public/menu": { query: LangQuerySchema, response: data(MenuSchema) },
  "GET /api/public/categories": { query: CategoriesQuerySchema, response: data(z.array(CategorySchema)) },
  "GET /api/public/brands": { query: LangQuerySchema, response: data(z.array(BrandSchema)) },
  "GET /api/public/products": { query: ProductsQuerySchema, response: ProductsPageSchema },
  /** The current addresses of a list's old ones, which the back office changed (slugs_antigos): the list answers them with a 301. */
  "GET /api/public/moved": { query: MovedQuerySchema, response: data(MovedSchema) },
  "GET /api/public/products/brands": { query: ProductsQuerySchema, response: data(z.array(BrandFacetSchema)) },
  /** format=json answers this list; format=txt the price list as text (read with the client's `text`). */
  "GET /api/public/products/export": { query: ExportQuerySchema, response: z.array(ProductSummarySchema) },
  "GET /api/public/products/slugs": { query: SlugsQuerySchema, response: SlugSliceSchema },
  "GET /api/public/products/{id}/details": {
    params: ProductDetailsParamsSchema,
    query: ProductDetailsQuerySchema,
    response: data(ProductDetailsSchema),
  },
  "GET /api/public/team": { query: LangQuerySchema, response: data(z.array(SellerSchema)) },
  "POST /api/public/contato-newsletter": { body: NewsletterBodySchema, response: MessageSchema },

  // Cart, shipping, checkout.
  "POST /ecom/venda/carrinho": { body: CartBodySchema, response: data(CartSchema) },
  "PUT /ecom/venda/carrinho/{id}": { params: CartIdParamSchema, body: CartBodySchema, response: data(CartSchema) },
  "GET /ecom/venda/carrinho/{external_id}": { params: ExternalIdParamSchema, query: CartQuerySchema, response: data(CartSchema) },
  "POST /ecom/venda/carrinho/{external_id}/vincular": {
    params: ExternalIdParamSchema,
    query: CartQuerySchema,
    response: data(CartSchema),
  },
  /** A sealed, 2-minute hand-over of a guest's cart, for the language switch to the other brand's host. */
  "POST /ecom/venda/carrinho/{external_id}/passagem": { params: ExternalIdParamSchema, response: CartHandoverSchema },
  /** The cart's external id a hand-over carries, once. */
  "POST /ecom/venda/carrinho/passagem": { body: CartHandoverBodySchema, response: CartHandedOverSchema },
  "PUT /ecom/venda/carrinho/{external_id}/calcular-frete": {
    params: CartKeyParamSchema,
    body: ShippingBodySchema,
    response: ShippingQuoteSchema,
  },
  "GET /ecom/venda/carrinho/{external_id}/pontos-entrega": { params: CartKeyParamSchema, response: data(z.array(PickupPointSchema)) },
  "POST /ecom/venda/carrinho/{external_id}/iniciar-checkout": {
    params: ExternalIdParamSchema,
    body: CheckoutBodySchema,
    response: CheckoutStartedSchema,
  },
  "GET /ecom/pagamentos/meios": { response: PaymentOptionsSchema },
  /** "Pay now": to the order's payment page at its gateway (a new charge where needed), or back to the order's page. */
  "GET /ecom/venda/pedidos/{external_id}/pagar": {
    params: ExternalIdParamSchema,
    ...redirect("To the gateway's payment page, or to the order's page when there is nothing to pay there"),
  },

  // Orders.
  "GET /ecom/venda/pedidos": { query: OrdersQuerySchema, response: data(OrdersPageSchema) },
  "GET /ecom/venda/pedidos/{external_id}": { params: ExternalIdParamSchema, response: data(OrderSchema) },
  "GET /ecom/venda/pedidos/{external_id}/buscar-pagamentos": { params: ExternalIdParamSchema, response: OrderPaymentsSchema },
  "GET /ecom/venda/pedidos/{external_id}/ticket.pdf": {
    params: ExternalIdParamSchema,
    ...file("The order's ticket (an attachment)", ["application/pdf"]),
  },

  // Accounts.
  "POST /ecom/login": { body: LoginBodySchema, response: LoginResponseSchema },
  "POST /ecom/me": { response: UserSchema },
  "POST /ecom/logout": { response: MessageSchema },
  "POST /ecom/cliente/cadastrar/check-email": { body: CheckEmailBodySchema, response: MessageSchema },
  "POST /ecom/cliente/cadastrar": { multipart: true, response: RegisteredSchema },
  "POST /ecom/cliente/recuperar-senha": { body: RecoverBodySchema, response: MessageSchema },
  "POST /ecom/cliente/trocar-senha": { body: ResetPasswordBodySchema, response: MessageSchema },
  "POST /ecom/cliente/confirmar-email/{uid}/{token}": { params: ConfirmEmailParamsSchema, response: MessageSchema },
  "POST /ecom/cliente/reenviar-email": { response: MessageSchema },
  "POST /ecom/cliente/trocar-senha-l": { body: ChangePasswordBodySchema, response: MessageSchema },
  "POST /ecom/cliente/update-profile": { multipart: true, response: ProfileUpdatedSchema },
  /** The identity document's side as the customer last sent it. */
  "GET /ecom/cliente/documento/{lado}": { params: DocumentSideParamSchema, ...file("The document's image, or its PDF", REGISTRATION_FILE_TYPES) },
  "POST /ecom/cliente/address": { body: AddressBodySchema, response: AddressSavedSchema },
  "GET /ecom/cliente/address": { response: data(z.array(AddressSchema)) },
  "PUT /ecom/cliente/address/{id}": { params: IdParamSchema, body: AddressUpdateBodySchema, response: MessageSchema },
  "PATCH /ecom/cliente/address/{id}/set-main": { params: IdParamSchema, response: MessageSchema },
  "GET /ecom/endereco/cep/{cep}": { params: CepParamsSchema, response: CepLookupSchema },
  "GET /ecom/endereco/estados": { query: StatesQuerySchema, response: StatesSchema },
  "GET /ecom/endereco/estados/{id}/cidades": { params: StateParamsSchema, response: CitiesSchema },
  "POST /ecom/endereco/cidade-por-codigo": { body: CityByCodeBodySchema, response: CityByCodeSchema },

  // Favourites.
  "POST /ecom/favoritos": { body: FavouriteBodySchema, status: 201, response: MessageSchema.extend({ data: FavouriteSchema }) },
  "GET /ecom/favoritos": { query: FavouritesQuerySchema, response: data(z.array(FavouriteListItemSchema)) },
  "DELETE /ecom/favoritos/{id}": { params: IdParamSchema, response: MessageSchema },

  // Back office (docs/decisions/020): staff sessions, staff accounts, the audit log.
  "POST /api/admin/login": { admin: "public", body: StaffLoginBodySchema, response: StaffLoginResponseSchema },
  "POST /api/admin/logout": { admin: ANY_STAFF, response: MessageSchema },
  // A forgotten password (docs/decisions/025): a link by e-mail, then the new password with its token.
  "POST /api/admin/password-reset": { admin: "public", body: StaffResetRequestBodySchema, response: MessageSchema },
  "POST /api/admin/password-reset/confirm": { admin: "public", body: StaffResetBodySchema, response: MessageSchema },
  "GET /api/admin/session": { admin: ANY_STAFF, response: StaffSessionSchema },
  "PATCH /api/admin/me": { admin: ANY_STAFF, body: StaffOwnBodySchema, response: MessageSchema.extend({ data: StaffSchema }) },
  "GET /api/admin/staff": { admin: OWNER, response: StaffListSchema },
  "POST /api/admin/staff": { admin: OWNER, body: StaffCreateBodySchema, status: 201, response: MessageSchema.extend({ data: StaffSchema }) },
  "PATCH /api/admin/staff/{id}": {
    admin: OWNER,
    params: StaffIdParamSchema,
    body: StaffUpdateBodySchema,
    response: MessageSchema.extend({ data: StaffSchema }),
  },
  "DELETE /api/admin/staff/{id}/totp": { admin: OWNER, params: StaffIdParamSchema, response: MessageSchema.extend({ data: StaffSchema }) },
  // Two-factor: the login's second step, the member's own enrolment, and the owner's switch.
  "POST /api/admin/login/totp": { admin: "public", body: StaffTotpLoginBodySchema, response: StaffSignedInSchema },
  "POST /api/admin/me/totp/invite": { admin: ANY_STAFF, response: MessageSchema },
  "POST /api/admin/me/totp": { admin: ANY_STAFF, body: TotpStartBodySchema, response: TotpEnrolmentSchema },
  "POST /api/admin/me/totp/confirm": { admin: ANY_STAFF, body: TotpConfirmBodySchema, response: RecoveryCodesSchema },
  "POST /api/admin/staff/{id}/totp/invite": { admin: OWNER, params: StaffIdParamSchema, response: EnrolmentCodeSchema },
  "POST /api/admin/me/totp/recovery-codes": { admin: ANY_STAFF, body: TotpCodeBodySchema, response: RecoveryCodesSchema },
  "POST /api/admin/me/reauth": { admin: ANY_STAFF, body: StaffReauthBodySchema, response: StaffReauthResponseSchema },
  "POST /api/admin/me/totp/disable": { admin: ANY_STAFF, body: TotpDisableBodySchema, response: MessageSchema.extend({ data: StaffSchema }) },
  "GET /api/admin/settings": { admin: OWNER, response: data(ShopSettingsSchema) },
  "PUT /api/admin/settings": { admin: OWNER, body: ShopSettingsBodySchema, response: MessageSchema.extend({ data: ShopSettingsSchema }) },
  "GET /api/admin/audit": { admin: OWNER, query: AuditQuerySchema, response: AuditPageSchema },
  "GET /api/admin/rates": { admin: MANAGERS, response: RatesSchema },
  "PUT /api/admin/rates": { admin: MANAGERS, body: RatesBodySchema, response: MessageSchema.extend({ data: RatesSchema.shape.data }) },
  "GET /api/admin/catalog-options": { admin: MANAGERS, response: CatalogOptionsSchema },
  "GET /api/admin/products": { admin: MANAGERS, query: AdminProductsQuerySchema, response: AdminProductsPageSchema },
  "POST /api/admin/products": {
    admin: MANAGERS,
    body: AdminProductBodySchema,
    status: 201,
    response: MessageSchema.extend({ data: AdminProductSchema }),
  },
  /** Raise or lower prices by a percentage, or set the stock, of a selection or of every product a filter finds. */
  "POST /api/admin/products/bulk": { admin: MANAGERS, body: BulkChangeBodySchema, response: MessageSchema.extend({ data: BulkChangeResultSchema }) },
  "GET /api/admin/products/{id}": { admin: MANAGERS, params: ProductIdParamSchema, response: data(AdminProductSchema) },
  "PUT /api/admin/products/{id}": {
    admin: MANAGERS,
    params: ProductIdParamSchema,
    body: AdminProductBodySchema,
    response: MessageSchema.extend({ data: AdminProductSchema }),
  },
  "POST /api/admin/products/{id}/duplicate": {
    admin: MANAGERS,
    params: ProductIdParamSchema,
    status: 201,
    response: MessageSchema.extend({ data: AdminProductSchema }),
  },
  /** Images as a multipart form (field `imagens`, one or several JPEG, PNG or WebP files). */
  "POST /api/admin/products/{id}/images": {
    admin: MANAGERS,
    params: ProductIdParamSchema,
    multipart: true,
    status: 201,
    response: MessageSchema.extend({ data: z.array(AdminProductImageSchema) }),
  },
  "PUT /api/admin/products/{id}/images": {
    admin: MANAGERS,
    params: ProductIdParamSchema,
    body: ImageOrderBodySchema,
    response: MessageSchema.extend({ data: z.array(AdminProductImageSchema) }),
  },
  "DELETE /api/admin/products/{id}/images/{imageId}": {
    admin: MANAGERS,
    params: ProductImageParamSchema,
    response: MessageSchema.extend({ data: z.array(AdminProductImageSchema) }),
  },

  // Import and export of the catalogue; API keys for the shop's own systems.
  "GET /api/admin/imports": { admin: IMPORTERS, response: data(z.array(AdminImportSchema)) },
  "POST /api/admin/imports": { admin: IMPORTERS, multipart: true, status: 201, response: MessageSchema.extend({ data: AdminImportSchema }) },
  "GET /api/admin/imports/{id}": { admin: IMPORTERS, params: ImportParamSchema, response: data(AdminImportSchema) },
  "POST /api/admin/imports/{id}/apply": {
    admin: IMPORTERS,
    params: ImportParamSchema,
    query: ImportApplyQuerySchema,
    status: 202,
    response: MessageSchema.extend({ data: AdminImportSchema }),
  },
  /** The catalogue as CSV or XLSX (read with the client's `blob`). */
  "GET /api/admin/export": {
    admin: MANAGERS,
    query: CatalogueExportQuerySchema,
    ...file("The catalogue's spreadsheet", ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"]),
  },
  "GET /api/admin/api-keys": { admin: OWNER, response: data(z.array(ApiKeySchema)) },
  "POST /api/admin/api-keys": { admin: OWNER, body: ApiKeyCreateBodySchema, status: 201, response: ApiKeyCreatedSchema },
  "DELETE /api/admin/api-keys/{id}": { admin: OWNER, params: ImportParamSchema, response: MessageSchema.extend({ data: ApiKeySchema }) },
  /** Categories with their departments, each with how many products name it. */
  "GET /api/admin/categories": { admin: MANAGERS, response: data(z.array(AdminCategorySchema)) },
  "POST /api/admin/categories": {
    admin: MANAGERS,
    body: CategoryBodySchema,
    status: 201,
    response: MessageSchema.extend({ data: AdminCategorySchema }),
  },
  "PUT /api/admin/categories/{id}": {
    admin: MANAGERS,
    params: CatalogueIdParamSchema,
    body: CategoryBodySchema,
    response: MessageSchema.extend({ data: AdminCategorySchema }),
  },
  /** Only while no product names the category or one of its departments (409). */
  "DELETE /api/admin/categories/{id}": { admin: MANAGERS, params: CatalogueIdParamSchema, response: MessageSchema },
  "GET /api/admin/categories/{id}/departments": { admin: MANAGERS, params: CatalogueIdParamSchema, response: data(z.array(AdminDepartmentSchema)) },
  "POST /api/admin/categories/{id}/departments": {
    admin: MANAGERS,
    params: CatalogueIdParamSchema,
    body: DepartmentBodySchema,
    status: 201,
    response: MessageSchema.extend({ data: AdminDepartmentSchema }),
  },
  "PUT /api/admin/categories/{id}/departments/{departmentId}": {
    admin: MANAGERS,
    params: DepartmentParamSchema,
    body: DepartmentBodySchema,
    response: MessageSchema.extend({ data: AdminDepartmentSchema }),
  },
  "DELETE /api/admin/categories/{id}/departments/{departmentId}": { admin: MANAGERS, params: DepartmentParamSchema, response: MessageSchema },
  "GET /api/admin/brands": { admin: MANAGERS, response: data(z.array(AdminBrandSchema)) },
  "POST /api/admin/brands": { admin: MANAGERS, body: BrandBodySchema, status: 201, response: MessageSchema.extend({ data: AdminBrandSchema }) },
  "PUT /api/admin/brands/{id}": {
    admin: MANAGERS,
    params: CatalogueIdParamSchema,
    body: BrandBodySchema,
    response: MessageSchema.extend({ data: AdminBrandSchema }),
  },
  "DELETE /api/admin/brands/{id}": { admin: MANAGERS, params: CatalogueIdParamSchema, response: MessageSchema },
  /** The logo as a multipart form (field `logo`, one JPEG, PNG or WebP file; SVG is refused). */
  "POST /api/admin/brands/{id}/logo": {
    admin: MANAGERS,
    params: CatalogueIdParamSchema,
    multipart: true,
    response: MessageSchema.extend({ data: AdminBrandSchema }),
  },
  "DELETE /api/admin/brands/{id}/logo": {
    admin: MANAGERS,
    params: CatalogueIdParamSchema,
    response: MessageSchema.extend({ data: AdminBrandSchema }),
  },

  // Back office II: each area's operations in its own file (contract/api/admin/).
  ...ordersOperations,
  ...counterOperations,
  ...refundOperations,
  ...customerOperations,
  ...contentOperations,
  ...pagesOperations,
  ...deliveryOperations,
  ...dashboardOperations,
} as const satisfies Record<string, Operation>;

export type { Operation };
export type Operations = typeof operations;
export type OperationKey = keyof Operations;
