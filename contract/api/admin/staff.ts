import { z } from "zod";
import { LOCALES } from "../../locale.ts";
import { idSchema, intSchema, textSchema } from "../common.ts";

/**
 * The back office's staff and their sessions (docs/decisions/020). Roles, from most to least:
 * owner (everything, including staff), manager (catalogue, prices, stock, rates, content, orders),
 * counter (orders and pickup handover).
 */
export const STAFF_ROLES = ["owner", "manager", "counter"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Who may call an admin operation: the roles, or `public` for the login itself. `scopes` names the
 * API keys that may call it too (`Authorization: Bearer sk_…`).
 */
export type StaffAccess = { roles: readonly StaffRole[]; scopes?: readonly ("preco_estoque" | "catalogo")[] } | "public";
export const ANY_STAFF = { roles: STAFF_ROLES } as const;
export const OWNER = { roles: ["owner"] } as const;
export const MANAGERS = { roles: ["owner", "manager"] } as const;
/** The catalogue's import: managers, and the shop's own systems with an import key. */
export const IMPORTERS = { roles: ["owner", "manager"], scopes: ["preco_estoque", "catalogo"] } as const;

/** The session cookie of the back office: HttpOnly, SameSite=Strict, apart from the customers' `sid`. */
export const STAFF_COOKIE = "staff_sid";
/**
 * Its name where cookies are Secure (production): the `__Host-` prefix makes the browser refuse it
 * unless it is Secure, for Path=/ and without Domain, so no sibling host can plant or shadow it.
 */
export const STAFF_COOKIE_SECURE = `__Host-${STAFF_COOKIE}`;
export const staffCookieName = (secure: boolean) => (secure ? STAFF_COOKIE_SECURE : STAFF_COOKIE);
/** The back office's known-device cookie (docs/decisions/005): a browser that signed a member in before skips the account's slowdown. */
export const STAFF_DEVICE_COOKIE = "staff_dispositivo";
export const staffDeviceCookieName = (secure: boolean) => (secure ? `__Host-${STAFF_DEVICE_COOKIE}` : STAFF_DEVICE_COOKIE);
/** The header every write of the back office carries: the session's CSRF token. */
export const CSRF_HEADER = "x-csrf-token";
/** A staff session ends after 8 hours without use. */
export const STAFF_IDLE_MS = 8 * 60 * 60 * 1000;
/** …and 12 hours after the login whatever its use: a stolen cookie does not live forever by being used. */
export const STAFF_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** A password reset link by e-mail works once, within this time. */
export const STAFF_RESET_MS = 60 * 60 * 1000;
export const STAFF_PASSWORD_MIN = 10;
export const STAFF_PASSWORD_MAX = 128;

const email = textSchema().min(1).max(200).pipe(z.email());
const name = textSchema().min(1).max(200);
const password = z.string().min(STAFF_PASSWORD_MIN).max(STAFF_PASSWORD_MAX);

export const StaffLoginBodySchema = z.object({ email, password: z.string().min(1).max(200) });

/** "Forgot my password": the answer is the same whether the e-mail is a member's or not. */
export const StaffResetRequestBodySchema = z.object({ email });
/** The e-mailed link's token and the new password. */
export const StaffResetBodySchema = z.object({ token: z.string().min(1).max(200), password });

export const StaffSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    nome: z.string(),
    papel: z.enum(STAFF_ROLES),
    lang: z.enum(LOCALES),
    ativo: z.boolean(),
    trocar_senha: z.boolean(),
    /** Two-factor (TOTP) is on for this member: the login asks for a code after the password. */
    totp_ativo: z.boolean(),
    data_ultimo_login: z.string().nullable(),
  })
  .meta({ id: "Staff" });
export type Staff = z.infer<typeof StaffSchema>;

/**
 * The signed-in member and the CSRF token their pages send with every write. `totp_pendente`: the
 * owner made two-factor mandatory and this member has not enrolled yet, so only their own account
 * answers until they do.
 */
export const StaffSessionSchema = z.object({ staff: StaffSchema, csrf_token: z.string(), totp_pendente: z.boolean() }).meta({ id: "StaffSession" });
export type StaffSession = z.infer<typeof StaffSessionSchema>;

/** A login that opened a session. */
export const StaffSignedInSchema = StaffSessionSchema.extend({ message: z.string(), expires_at: z.string() });

/**
 * A right password of a member with two-factor: no session yet, but a ticket (signed, 5 minutes) that
 * `POST /api/admin/login/totp` takes with a code.
 */
export const StaffTotpStepSchema = z.object({ message: z.string(), totp_ticket: z.string(), expires_at: z.string() }).meta({ id: "StaffTotpStep" });
export type StaffTotpStep = z.infer<typeof StaffTotpStepSchema>;

export const StaffLoginResponseSchema = z.union([StaffSignedInSchema, StaffTotpStepSchema]);

/** How long the second step of a login may wait for its code. */
export const TOTP_TICKET_MS = 5 * 60 * 1000;

/**
 * Codes one ticket may try: each is counted before it is checked; the last wrong one ends the ticket,
 * and only a new password step gives another (decision 026).
 */
export const TOTP_TICKET_TRIES = 5;

/**
 * Step-up (decision 026): the sensitive operations (own password, own two-factor off, settings, owners,
 * other members' passwords and two-factor, API keys) need the member to have proved it was them within
 * this window, at the login or with `POST /api/admin/me/reauth`. Refused otherwise with the error code below.
 */
export const REAUTH_WINDOW_MS = 5 * 60 * 1000;
/** The `code` of the 403 that asks for the password (and a code) again before the operation is retried. */
export const REAUTH_REQUIRED = "reauth_required";

/** The password, and a code of the app or a recovery code for a member with two-factor. */
export const StaffReauthBodySchema = z.object({ password: z.string().min(1).max(200), codigo: textSchema().max(40).optional() });
export const StaffReauthResponseSchema = z.object({ message: z.string(), reautenticado_ate: z.string() });

/** The second step: the ticket, and a code of the authenticator app (6 digits) or a recovery code. */
export const StaffTotpLoginBodySchema = z.object({ ticket: z.string().min(1).max(500), codigo: textSchema().min(1).max(40) });

export const StaffCreateBodySchema = z.object({
  email,
  nome: name,
  papel: z.enum(STAFF_ROLES),
  lang: z.enum(LOCALES).default("pt-BR"),
  password,
});

export const StaffUpdateBodySchema = z
  .object({
    nome: name.optional(),
    papel: z.enum(STAFF_ROLES).optional(),
    lang: z.enum(LOCALES).optional(),
    ativo: z.boolean().optional(),
    /** A new password, set by the owner: the member must choose another at the next login. */
    password: password.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "required" });

/** A member's own settings: the language of the back office, and a new password with the current one. */
export const StaffOwnBodySchema = z
  .object({
    lang: z.enum(LOCALES).optional(),
    current_password: z.string().max(200).optional(),
    password: password.optional(),
  })
  .refine((v) => v.password === undefined || (v.current_password ?? "") !== "", {
    path: ["current_password"],
    message: "required",
  });

export const StaffIdParamSchema = z.object({ id: idSchema });
export const StaffListSchema = z.object({ data: z.array(StaffSchema) });

// The audit log (who, when, what, before and after), read by the owner.
export const AUDIT_PAGE_SIZE = 50;
export const AuditQuerySchema = z.object({
  funcionario_id: idSchema.optional(),
  entidade: textSchema().max(40).optional(),
  acao: textSchema().max(40).optional(),
  /** Inclusive dates, YYYY-MM-DD, in the shop's time zone. */
  de: z.iso.date().optional(),
  ate: z.iso.date().optional(),
  page: intSchema(1, 100_000).default(1),
});
export const AuditEntrySchema = z
  .object({
    id: z.number(),
    created_at: z.string(),
    funcionario_id: z.number().nullable(),
    autor: z.string(),
    acao: z.string(),
    entidade: z.string(),
    entidade_id: z.string().nullable(),
    antes: z.unknown().nullable(),
    depois: z.unknown().nullable(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
  })
  .meta({ id: "AuditEntry" });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = z.object({
  data: z.array(AuditEntrySchema),
  page: z.number(),
  per_page: z.number(),
  has_more: z.boolean(),
});
