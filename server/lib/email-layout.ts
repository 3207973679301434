import { escapeHtml } from "#contract/text.ts";

/** The store's e-mail around one message and its button (the customers' and the back office's e-mails). */
export function layout(brand: string, hello: string, body: string, button: string, link: string, ignore: string, fallback: string) {
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1e293b;background:#f1f5f9;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;color:#c2410c">${escapeHtml(brand)}</h1>
<p>${escapeHtml(hello)}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#c2410c;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(fallback)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(ignore)}</p></div></body></html>`;
  const text = `${brand}\n\n${hello}\n\n${body}\n\n${button}: ${link}\n\n${ignore}\n`;
  return { html, text };
}
