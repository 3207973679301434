/**
 * Fills the `{{name}}` placeholders of a text, the one placeholder syntax of the storefront's
 * catalogues and the API's texts (i18next's). A value is never searched for placeholders of its
 * own; a placeholder without its value stays as written, one whose value is present but null or
 * undefined becomes empty.
 */
export function interpolate(text: string, values: Readonly<Record<string, unknown>>): string {
  return text.replace(/{{(.+?)}}/g, (placeholder, rawName: string) => {
    const name = rawName.trim();
    const value = values[name];
    if (value === undefined) return Object.hasOwn(values, name) ? "" : placeholder;
    return value === null ? "" : String(value);
  });
}
