/** Text made safe for HTML and XML content and attribute values alike (pages, e-mails, drawings, documents). */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A name as an address: lower-case ASCII words joined by hyphens ("Furadeira de Impacto 710W" → "furadeira-de-impacto-710w"). */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
