import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { onlyDigits } from "#contract/documents.ts";
import { loadGeography, type City, type State } from "#db/seed/geo/index.ts";
import type { Config } from "#config/config.ts";
import { HttpError } from "../../lib/errors.ts";
import { operationSchema as op } from "../../lib/operation.ts";

const LOOKUP_TIMEOUT_MS = 5000;

/** The bundled reference geography (spec §3): the same ids the database holds, read once. */
function geographyIndex() {
  const geo = loadGeography();
  const statesByCountry = new Map<number, State[]>();
  for (const s of geo.states) statesByCountry.set(s.pais_id, [...(statesByCountry.get(s.pais_id) ?? []), s]);
  const citiesByState = new Map<number, City[]>();
  for (const c of geo.cities) citiesByState.set(c.estado_id, [...(citiesByState.get(c.estado_id) ?? []), c]);
  const brazilIds = new Set((statesByCountry.get(1) ?? []).map((s) => s.id));
  const brazilCityByCode = new Map(geo.cities.filter((c) => brazilIds.has(c.estado_id)).map((c) => [c.codigo, c]));
  const stateById = new Map(geo.states.map((s) => [s.id, s]));
  return { statesByCountry, citiesByState, brazilCityByCode, stateById };
}

interface ViaCep {
  erro?: unknown;
  cep?: string;
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
  ibge?: string;
}

/**
 * Postal-code lookup (spec §7, the public ViaCEP service, called from the server so the browser
 * talks to one origin) and the state and city lists the address forms need.
 */
export const cepRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const tags = ["accounts"];
  let index: ReturnType<typeof geographyIndex> | undefined;
  const geo = () => (index ??= geographyIndex());

  app.get(
    "/ecom/endereco/cep/:cep",
    { schema: op("GET /ecom/endereco/cep/{cep}", { tags }), config: { rateLimit: { max: 60, timeWindow: "1 minute" } } },
    async (req) => {
      const digits = onlyDigits(req.params.cep);
      if (digits.length !== 8 || digits !== req.params.cep.replace(/[.\s-]/g, "")) {
        throw new HttpError(400, "invalid_cep", { errors: { cep: ["invalid_cep"] } });
      }
      let body: ViaCep;
      try {
        const res = await fetch(`${config.cepLookupUrl}/ws/${digits}/json/`, {
          signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
          headers: { Accept: "application/json" },
        });
        if (res.status === 400) throw new HttpError(400, "invalid_cep", { errors: { cep: ["invalid_cep"] } });
        if (!res.ok) throw new Error(`ViaCEP answered ${res.status}`);
        body = (await res.json()) as ViaCep;
      } catch (error) {
        if (error instanceof HttpError) throw error;
        req.log.warn({ err: error }, "postal-code lookup failed");
        throw new HttpError(502, "internal_error");
      }
      if (body.erro !== undefined && body.erro !== false) return { erro: true as const };
      const city = body.ibge ? geo().brazilCityByCode.get(body.ibge) : undefined;
      const state = city ? geo().stateById.get(city.estado_id) : undefined;
      return {
        cep: `${digits.slice(0, 5)}-${digits.slice(5)}`,
        logradouro: body.logradouro ?? "",
        bairro: body.bairro ?? "",
        localidade: body.localidade ?? "",
        uf: body.uf ?? "",
        ibge: body.ibge ?? "",
        cidade_id: city?.id ?? null,
        cidade: city?.nome ?? body.localidade ?? null,
        estado_id: state?.id ?? null,
        estado: state?.nome ?? null,
      };
    },
  );

  app.get("/ecom/endereco/estados", { schema: op("GET /ecom/endereco/estados", { tags }) }, async (req, reply) => {
    reply.header("cache-control", "public, max-age=86400");
    return { data: (geo().statesByCountry.get(req.query.pais_id) ?? []).map((s) => ({ id: s.id, nome: s.nome, sigla: s.sigla })) };
  });

  app.get("/ecom/endereco/estados/:id/cidades", { schema: op("GET /ecom/endereco/estados/{id}/cidades", { tags }) }, async (req, reply) => {
    const cities = geo().citiesByState.get(req.params.id);
    if (!cities) throw new HttpError(404, "not_found");
    reply.header("cache-control", "public, max-age=86400");
    return { data: cities.map((c) => ({ id: c.id, nome: c.nome })) };
  });
};
