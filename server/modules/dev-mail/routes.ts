import { desc } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "#db/client.ts";
import { outboxEmails } from "#db/schema/index.ts";
import { HttpError } from "../../lib/errors.ts";
import { fromLoopback } from "../../lib/loopback.ts";
import { escapeHtml } from "#contract/text.ts";

/**
 * The outbox for development machines: every message the store wrote, with working links.
 * It shows password-reset links, so app.ts never registers it in production, and it answers only to
 * the machine itself (loopback, not through a proxy): anyone else on the network gets a 404.
 */
export const devMailRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", async (request) => {
    if (!fromLoopback(request)) throw new HttpError(404, "not_found");
  });
  const latest = () => db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(50);

  app.get("/dev/mail.json", { schema: { hide: true } }, async () => ({ data: await latest() }));

  app.get("/dev/mail", { schema: { hide: true } }, async (_req, reply) => {
    const rows = await latest();
    const items = rows
      .map(
        (m) => `<article><h2>${escapeHtml(m.assunto)}</h2>
<p class="meta">To ${escapeHtml(m.para)} · ${m.created_at.toISOString()} · ${m.enviado_em ? "sent by SMTP" : m.erro ? `SMTP error: ${escapeHtml(m.erro)}` : "outbox only"}</p>
<iframe sandbox="allow-popups allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(m.html)}" title="${escapeHtml(m.assunto)}"></iframe></article>`,
      )
      .join("\n");
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Outbox</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;background:#f1f5f9}article{background:#fff;padding:16px;margin:0 0 16px;border-radius:8px}
iframe{width:100%;height:420px;border:1px solid #cbd5e1}.meta{color:#475569;font-size:14px}</style></head>
<body><h1>Outbox (${rows.length})</h1>${items || "<p>No messages yet.</p>"}</body></html>`);
  });
};
