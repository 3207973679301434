/**
 * Category icons stored inline in `categorias.icone` (the spec allows SVG markup there): 24×24,
 * stroked in currentColor so the menu's text colour tints them.
 */
const PATHS: Record<string, string> = {
  "ferramentas-eletricas": "M3 7h11v5H3z M14 8.5h4 M18 9.5h3 M6 12l-1 7h4l1-7",
  "ferramentas-manuais": "M4 6h9v4H4z M13 7l5-2v6l-5-2 M8 10v11",
  "chaves-e-soquetes": "M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z",
  "combos-completos": "M3 9h18v11H3z M8 9V6h8v3 M3 14h18",
  energia: "M13 2L4 14h7l-1 8 9-12h-7z",
  iluminacao: "M9 18h6 M10 22h4 M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z",
  eletroportateis: "M9 2v6 M15 2v6 M6 8h12v4a6 6 0 0 1-12 0z M12 18v4",
  medicao: "M3 17L17 3l4 4L7 21z M7 13l2 2 M10 10l2 2 M13 7l2 2",
  jardinagem: "M5 21c0-9 6-15 16-16-1 10-7 16-16 16z M5 21l8-8",
  "compressores-e-pneumatica": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M12 12l4-4 M7 16h10",
  solda: "M12 2c1 4 5 6 5 11a5 5 0 0 1-10 0c0-3 2-4 2-7 2 1 3 3 3 5",
  utilidades: "M8 3v18 M16 3v18 M8 7h8 M8 12h8 M8 17h8",
  informatica: "M3 4h18v12H3z M8 20h8 M12 16v4",
  "seguranca-epi": "M12 2l8 4v6c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10V6z",
  hidraulica: "M12 2.5s6 6.5 6 11a6 6 0 0 1-12 0c0-4.5 6-11 6-11z",
  fixacao: "M8 3h8v3H8z M10 6v12l2 3 2-3V6 M10 9h4 M10 12h4 M10 15h4",
  "audio-e-video": "M4 9h4l5-5v16l-5-5H4z M16 9a4 4 0 0 1 0 6 M19 6a8 8 0 0 1 0 12",
};

/** Any other slug gets a tag, like the spec's generic icon. */
const TAG = "M20.6 13.4l-7.2 7.2a2 2 0 0 1-2.8 0L2 12V2h10l8.6 8.6a2 2 0 0 1 0 2.8z M7 7h.01";

export function categoryIcon(slug: string): string {
  const d = PATHS[slug] ?? TAG;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" ` +
    `stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${d}"/></svg>`
  );
}
