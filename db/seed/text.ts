/** Text helpers shared by the generators and the SVG drawings. */

export function stripAccents(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}
