import type { FastifyRequest } from "fastify";
import type { TopProduct } from "#contract/api/admin/dashboard.ts";
import { apiMessage, type ApiMessageKey } from "#contract/messages.ts";
import type { Config } from "#config/config.ts";
import type { Db } from "#db/client.ts";
import { HttpError } from "../../lib/errors.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { Storage } from "../../lib/storage.ts";
import type { PaymentService } from "../../payments/service.ts";
import type { AccountsService } from "../accounts/service.ts";
import { requestLocale } from "../../lib/request-locale.ts";
import type { Actor, KeyActor } from "./audit.ts";
import type { ApiKeys } from "./staff/api-keys.ts";
import type { StaffService } from "./staff/service.ts";

/** What every area of the back office is built from (index.ts hands it to each). */
export interface AdminContext {
  db: Db;
  config: Config;
  /** The staff and the API keys: the access check reads them before any area's route runs. */
  staff: StaffService;
  apiKeys: ApiKeys;
  /** E-mail to customers (order changes, document reviews) through the outbox or SMTP. */
  mailer: Mailer;
  /** Where the customers' identity documents are kept (never served publicly). */
  storage: Storage;
  /** The customers' accounts: a confirmation e-mail sent again, a password reset started by staff. */
  accounts: AccountsService;
  /** Refunds through each order's gateway. */
  payments: PaymentService;
  /** PostgreSQL: other connections may write while a long transaction runs. */
  concurrentWrites: boolean;
  /** After a catalogue write: the storefront's cached pages and answers are dropped, so shoppers see it at once. */
  changed: () => Promise<void>;
  /** The in-memory catalogue: the dashboard's stock and its most sold products' names (docs/decisions/044). */
  catalogue: DashboardCatalogue;
}

/** What the dashboard reads of the in-memory catalogue (app.ts hands in the catalogue's index), as current as the products it lists. */
export interface DashboardCatalogue {
  /** Resolves when every change committed before the call is in it. */
  fresh(): Promise<void>;
  /** Active products with no unit and with 1 to `low`, and the `take` with the fewest units among the latter. */
  stockLevels(low: number, take: number): { out: number; low: number; lowest: (NamedProduct & { qtde: number })[] };
  /** The code and names of the active products among `ids`. */
  named(ids: readonly number[]): Map<number, NamedProduct>;
}
type NamedProduct = Omit<TopProduct, "unidades">;

/** The operations' OpenAPI tags and security schemes. */
export const tags = ["admin"];
export const security = [{ staffCookie: [] }];
/** The import's operations, which the shop's own system calls with an API key. */
export const keySecurity: Record<string, string[]>[] = [{ staffCookie: [] }, { apiKey: [] }];

/** An answer's message in the caller's language. */
export const message = (request: FastifyRequest, key: ApiMessageKey, vars?: Record<string, string | number>) =>
  apiMessage(requestLocale(request), key, vars);

/** The signed-in member of a request the access check let through. */
export function memberOf(request: FastifyRequest) {
  if (!request.staff) throw new HttpError(401, "session_expired");
  return request.staff;
}

/** The member behind a write, as the audit log names them. */
export const actorOf = (request: FastifyRequest): Actor => {
  const member = memberOf(request);
  return { staffId: member.id, email: member.email, ...clientOf(request) };
};

/** Where a request came from, as the audit log keeps it: the address and the browser's User-Agent. */
export const clientOf = (request: FastifyRequest) => {
  const agent = request.headers["user-agent"];
  return { ip: request.ip, userAgent: typeof agent === "string" ? agent.slice(0, 300) : undefined };
};

/** The member, or the shop system's API key, behind an import. */
export const importerOf = (request: FastifyRequest): Actor | KeyActor =>
  request.apiKey
    ? {
        staffId: null,
        apiKeyId: request.apiKey.id,
        escopo: request.apiKey.escopo,
        email: `chave ${request.apiKey.prefixo} (${request.apiKey.nome})`.slice(0, 200),
        ...clientOf(request),
      }
    : actorOf(request);
