/** The API's texts of the back office's content area (pt-BR first; es-PY says each of them). */
export const ptBR = {};

export const esPY: Record<keyof typeof ptBR, string> = {};
