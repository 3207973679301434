import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AUDIT_PAGE_SIZE } from "#contract/api/admin/staff.ts";
import { apiMessage } from "#contract/messages.ts";
import { DEVICE_TTL_MS } from "../../../lib/login-guard.ts";
import { fromLoopback } from "../../../lib/loopback.ts";
import { operationSchema as op } from "../../../lib/operation.ts";
import { requestSite } from "../../../lib/site.ts";
import { staffCookie, staffCookieOptions, staffDeviceCookie, staffToken } from "../access.ts";
import { readAudit } from "../audit.ts";
import { actorOf, clientOf, memberOf, message, security, tags, type AdminContext } from "../context.ts";
import type { StaffService } from "./service.ts";
import { requireRecentAuth } from "./step-up.ts";

/** Staff: login (with its two-factor step), the session, members, the owner's settings, the audit log and API keys. */
export const staffRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, { db, staff, apiKeys, config }) => {
  /** Who is logging in: the address, and the known-device cookie their browser sent. */
  const client = (request: FastifyRequest) => ({ ...clientOf(request), device: request.cookies?.[staffDeviceCookie(config)] });
  /** Links in e-mails lead to the store host the member is using (PUBLIC_URL's when the Host is none of the store's). */
  const site = (request: FastifyRequest) => {
    const { origin, brandName } = requestSite(config, request);
    return { origin, brandName };
  };

  /** The answer of a login that opened a session, its cookies set. */
  function signedIn(reply: FastifyReply, session: Extract<Awaited<ReturnType<StaffService["login"]>>, { kind: "session" }>) {
    reply.setCookie(staffCookie(config), session.token, staffCookieOptions(config, session.expiresAt));
    reply.setCookie(staffDeviceCookie(config), session.deviceCookie, staffCookieOptions(config, new Date(Date.now() + DEVICE_TTL_MS)));
    return {
      message: apiMessage(session.staff.lang, "login_ok"),
      staff: session.staff,
      csrf_token: session.csrf,
      totp_pendente: session.totpPending,
      expires_at: session.expiresAt.toISOString(),
    };
  }

  app.post(
    "/api/admin/login",
    { schema: op("POST /api/admin/login", { tags }), config: { rateLimit: { max: config.staffLoginsPer15Min, timeWindow: "15 minutes" } } },
    async (request, reply) => {
      const answer = await staff.login(request.body.email, request.body.password, client(request), { local: fromLoopback(request) });
      // Two-factor: no session yet, a ticket for the code step.
      if (answer.kind === "totp") {
        return { message: apiMessage(answer.lang, "totp_step"), totp_ticket: answer.ticket, expires_at: answer.expiresAt.toISOString() };
      }
      return signedIn(reply, answer);
    },
  );

  app.post(
    "/api/admin/login/totp",
    { schema: op("POST /api/admin/login/totp", { tags }), config: { rateLimit: { max: config.staffLoginsPer15Min, timeWindow: "15 minutes" } } },
    async (request, reply) => signedIn(reply, await staff.loginWithCode(request.body.ticket, request.body.codigo, client(request))),
  );

  // Answers before the member is even looked up (the mail goes after): the same answer, in the same time, for any e-mail.
  app.post(
    "/api/admin/password-reset",
    { schema: op("POST /api/admin/password-reset", { tags }), config: { rateLimit: { max: 5, timeWindow: "15 minutes" } } },
    async (request) => {
      staff.reset.request(request.body.email, site(request));
      return { message: message(request, "recovery_sent") };
    },
  );

  app.post(
    "/api/admin/password-reset/confirm",
    { schema: op("POST /api/admin/password-reset/confirm", { tags }), config: { rateLimit: { max: 10, timeWindow: "15 minutes" } } },
    async (request) => {
      await staff.reset.reset(request.body.token, request.body.password, request.ip);
      return { message: message(request, "password_reset_ok") };
    },
  );

  app.post("/api/admin/logout", { schema: op("POST /api/admin/logout", { tags, security }) }, async (request, reply) => {
    await staff.logout(actorOf(request), memberOf(request).sessionId);
    reply.clearCookie(staffCookie(config), staffCookieOptions(config, new Date(0)));
    return { message: message(request, "logout_ok") };
  });

  app.get("/api/admin/session", { schema: op("GET /api/admin/session", { tags, security }) }, async (request) => {
    const { sessionId: _sessionId, totpPending, reauthAt: _reauthAt, ...member } = memberOf(request);
    return { staff: member, csrf_token: staff.csrfFor(staffToken(request, config)!), totp_pendente: totpPending };
  });

  app.post(
    "/api/admin/me/totp/invite",
    { schema: op("POST /api/admin/me/totp/invite", { tags, security }), config: { rateLimit: { max: 10, timeWindow: "15 minutes" } } },
    async (request) => {
      await staff.totp.invite(actorOf(request), site(request));
      return { message: message(request, "totp_invite_sent") };
    },
  );

  app.post("/api/admin/me/totp", { schema: op("POST /api/admin/me/totp", { tags, security }) }, (request) =>
    staff.totp.start(actorOf(request), request.body.convite),
  );

  app.post("/api/admin/me/totp/confirm", { schema: op("POST /api/admin/me/totp/confirm", { tags, security }) }, async (request) => ({
    message: message(request, "totp_enabled"),
    ...(await staff.totp.confirm(actorOf(request), memberOf(request).sessionId, request.body.codigo, request.body.convite)),
  }));

  // An enrolment code the owner hands over is, with the member's password, a way into their account: step-up (decision 026).
  app.post("/api/admin/staff/:id/totp/invite", { schema: op("POST /api/admin/staff/{id}/totp/invite", { tags, security }) }, async (request) => {
    requireRecentAuth(request);
    return { message: message(request, "totp_invite_handed"), ...(await staff.totp.handOver(actorOf(request), request.params.id)) };
  });

  app.post("/api/admin/me/totp/recovery-codes", { schema: op("POST /api/admin/me/totp/recovery-codes", { tags, security }) }, async (request) => ({
    message: message(request, "totp_codes_renewed"),
    ...(await staff.totp.renewCodes(actorOf(request), request.body.codigo)),
  }));

  // Step-up (decision 026): the password and a current code open a short window on this session.
  app.post("/api/admin/me/reauth", { schema: op("POST /api/admin/me/reauth", { tags, security }) }, async (request) => {
    const until = await staff.stepUp.reauthenticate(actorOf(request), memberOf(request).sessionId, request.body.password, request.body.codigo);
    return { message: message(request, "reauth_ok"), reautenticado_ate: until.toISOString() };
  });

  // The body carries the step-up's proof itself: the password and a code, checked as POST /me/reauth checks them.
  app.post("/api/admin/me/totp/disable", { schema: op("POST /api/admin/me/totp/disable", { tags, security }) }, async (request) => ({
    message: message(request, "totp_disabled"),
    data: await staff.disableTotp(actorOf(request), request.body),
  }));

  app.delete("/api/admin/staff/:id/totp", { schema: op("DELETE /api/admin/staff/{id}/totp", { tags, security }) }, async (request) => {
    requireRecentAuth(request);
    return { message: message(request, "totp_reset"), data: await staff.totp.reset(actorOf(request), request.params.id) };
  });

  app.get("/api/admin/settings", { schema: op("GET /api/admin/settings", { tags, security }) }, async () => ({ data: await staff.totp.settings() }));

  app.put("/api/admin/settings", { schema: op("PUT /api/admin/settings", { tags, security }) }, async (request) => {
    requireRecentAuth(request);
    return { message: message(request, "settings_saved"), data: await staff.totp.saveSettings(actorOf(request), request.body) };
  });

  app.patch("/api/admin/me", { schema: op("PATCH /api/admin/me", { tags, security }) }, async (request) => {
    if (request.body.password !== undefined) requireRecentAuth(request);
    const data = await staff.updateOwn(actorOf(request), memberOf(request).sessionId, request.body);
    return { message: apiMessage(data.lang, "staff_own_updated"), data };
  });

  app.get("/api/admin/staff", { schema: op("GET /api/admin/staff", { tags, security }) }, async () => ({ data: await staff.list() }));

  app.post("/api/admin/staff", { schema: op("POST /api/admin/staff", { tags, security }) }, async (request, reply) => {
    if (request.body.papel === "owner") requireRecentAuth(request);
    const data = await staff.create(actorOf(request), request.body);
    return reply.status(201).send({ message: message(request, "staff_created"), data });
  });

  app.patch("/api/admin/staff/:id", { schema: op("PATCH /api/admin/staff/{id}", { tags, security }) }, async (request) => {
    // Oneself through the owner's screen, a new owner, or anyone's password (a way into their account).
    const { papel, password } = request.body;
    if (request.params.id === memberOf(request).id || papel === "owner" || password !== undefined) requireRecentAuth(request);
    const data = await staff.update(actorOf(request), request.params.id, request.body);
    return { message: message(request, "staff_updated"), data };
  });

  app.get("/api/admin/audit", { schema: op("GET /api/admin/audit", { tags, security }) }, async (request) => {
    const page = await readAudit(db, request.query);
    return { ...page, page: request.query.page, per_page: AUDIT_PAGE_SIZE };
  });

  app.get("/api/admin/api-keys", { schema: op("GET /api/admin/api-keys", { tags, security }) }, async () => ({ data: await apiKeys.list() }));

  app.post("/api/admin/api-keys", { schema: op("POST /api/admin/api-keys", { tags, security }) }, async (request, reply) => {
    requireRecentAuth(request);
    const created = await apiKeys.create(actorOf(request), request.body);
    return reply.status(201).send({ message: message(request, "api_key_created"), ...created });
  });

  app.delete("/api/admin/api-keys/:id", { schema: op("DELETE /api/admin/api-keys/{id}", { tags, security }) }, async (request) => ({
    message: message(request, "api_key_revoked"),
    data: await apiKeys.revoke(actorOf(request), request.params.id),
  }));
};
