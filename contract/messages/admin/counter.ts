/** The API's texts of the back office's counter area (pt-BR first; es-PY says each of them). */
export const ptBR = {};

export const esPY: Record<keyof typeof ptBR, string> = {};
