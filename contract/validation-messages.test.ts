import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ChangePasswordBodySchema, RecoverBodySchema } from "./api/accounts.ts";
import { apiMessage } from "./messages.ts";
import { issueMessages, type Say } from "./validation-messages.ts";

const say: Say = (key, values) => apiMessage("pt-BR", key, values);
const messagesOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : issueMessages(parsed.error.issues, input, say);
};

describe("issue messages", () => {
  it("reads an empty field as required whatever its rule, a custom issue by its key", () => {
    expect(messagesOf(RecoverBodySchema, { email: "" })).toEqual([{ field: "email", message: "Este campo é Obrigatório" }]);
    expect(messagesOf(RecoverBodySchema, {})).toEqual([{ field: "email", message: "Este campo é Obrigatório" }]);
    expect(messagesOf(RecoverBodySchema, { email: "nope" })).toEqual([{ field: "email", message: "Email inválido" }]);
    expect(messagesOf(ChangePasswordBodySchema, { password_currently: "x", password: "curta", password_confirmation: "outra" })).toEqual([
      { field: "password", message: "Deve ter pelo menos 8 caracteres" },
      { field: "password_confirmation", message: "As senhas não coincidem. Tente novamente." },
    ]);
  });

  it("says numbers as integers with their bounds, and the whole input as `_`", () => {
    const schema = z.object({ n: z.coerce.number().int().positive().max(9) });
    expect(messagesOf(schema, { n: "0" })).toEqual([{ field: "n", message: "Deve ser no mínimo 1" }]);
    expect(messagesOf(schema, { n: "10" })).toEqual([{ field: "n", message: "Deve ser no máximo 9" }]);
    expect(messagesOf(schema, { n: "x" })).toEqual([{ field: "n", message: "Informe um número inteiro" }]);
    expect(messagesOf(z.string(), 3)[0]!.field).toBe("_");
  });
});
