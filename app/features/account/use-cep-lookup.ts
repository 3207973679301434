import { useState } from "react";
import { maskCep } from "#contract/masks.ts";
import type { CepAddress } from "#contract/api/accounts.ts";
import { onlyDigits } from "#contract/documents.ts";
import { ApiError, api } from "#app/lib/api-client.ts";

/** Where a Brazilian postal-code lookup stands: not asked yet, asking, answered, or given up (state and city by hand). */
export type CepStatus = "idle" | "loading" | "found" | "manual";

/**
 * A CEP field that looks its address up when the customer leaves it (spec §2): the masked value
 * (#####-###), where the lookup stands, and `lookup` for the field's blur. `onFound` gets the
 * answer, to fill street, neighbourhood, state and city; `onManual` hears that the service did not
 * know the code or did not answer, and the customer goes on by hand.
 */
export function useCepLookup({ onFound, onManual }: { onFound: (address: CepResult) => void; onManual?: (reason: "not-found" | "error") => void }) {
  const [cep, setCep] = useState("");
  const [status, setStatus] = useState<CepStatus>("idle");

  async function lookup() {
    if (cep.replace(/\D/g, "").length !== 8) return;
    setStatus("loading");
    const answer = await lookupCep(cep);
    if (answer === "not-found" || answer === "error") {
      setStatus("manual");
      onManual?.(answer);
      return;
    }
    setStatus("found");
    onFound(answer);
  }

  return { cep, setCep: (value: string) => setCep(maskCep(value)), status, lookup };
}

export type CepResult = Omit<CepAddress, "cep" | "ibge">;

/** Postal-code lookup through our API: the address, "not-found", or "error" (network, service). */
export async function lookupCep(cep: string): Promise<CepResult | "not-found" | "error"> {
  const digits = onlyDigits(cep);
  if (digits.length !== 8) return "not-found";
  try {
    const body = await api("GET /ecom/endereco/cep/{cep}", { params: { cep: digits } });
    if ("erro" in body || !body.cidade_id || !body.estado_id) return "not-found";
    return body;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return "not-found";
    console.error(error);
    return "error";
  }
}
