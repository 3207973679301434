import sanitizeHtml from "sanitize-html";

/** The HTML a product description may hold; anything else is dropped (when stored and again when sent). */
export const DESCRIPTION_HTML: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "h3", "h4", "table", "thead", "tbody", "tr", "th", "td", "span"],
  allowedAttributes: {},
};

export const sanitizeDescription = (html: string) => sanitizeHtml(html, DESCRIPTION_HTML);
