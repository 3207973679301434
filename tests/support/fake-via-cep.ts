import { createServer } from "node:http";

/** Known postal codes of the tests; anything else is "not found", like ViaCEP's {"erro": "true"}. */
export const FAKE_CEPS: Record<string, Record<string, string>> = {
  "01001000": { cep: "01001-000", logradouro: "Praça da Sé", bairro: "Sé", localidade: "São Paulo", uf: "SP", ibge: "3550308" },
  "01310100": { cep: "01310-100", logradouro: "Avenida Paulista", bairro: "Bela Vista", localidade: "São Paulo", uf: "SP", ibge: "3550308" },
  "85851000": { cep: "85851-000", logradouro: "Avenida Brasil", bairro: "Centro", localidade: "Foz do Iguaçu", uf: "PR", ibge: "4108304" },
};

/** A stand-in for ViaCEP on 127.0.0.1 (CEP_LOOKUP_URL), so no test depends on the internet; a malformed code answers 400 as ViaCEP does. */
export async function startFakeViaCep(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const match = /^\/ws\/(\d+)\/json\/$/.exec(req.url ?? "");
    res.setHeader("content-type", "application/json");
    if (!match || match[1]!.length !== 8) {
      res.statusCode = 400;
      return res.end("{}");
    }
    res.end(JSON.stringify(FAKE_CEPS[match[1]!] ?? { erro: "true" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
