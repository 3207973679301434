import * as esPY from "./es-PY.ts";
import type { ApiTexts, ValidationTexts } from "./pt-BR.ts";

/**
 * es-AR says every API text as es-PY does (decision 016): an Argentine override would go in
 * the objects below, over es-PY's.
 */
export const validation: ValidationTexts = { ...esPY.validation };

/** es-AR: every text the API answers with. */
export const messages: ApiTexts = { ...esPY.messages, ...validation };
