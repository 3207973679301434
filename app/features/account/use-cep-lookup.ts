import { useState } from "react";
import { maskCep } from "#contract/masks.ts";
import { lookupCep, type CepResult } from "./geo.ts";

/** Where a Brazilian postal-code lookup stands: not asked yet, asking, answered, or given up (state and city by hand). */
export type CepStatus = "idle" | "loading" | "found" | "manual";

/**
 * A CEP field that looks its address up when the customer leaves it (spec §2): the masked value
 * (#####-###), where the lookup stands, and `lookup` for the field's blur. `onFound` gets the
 * answer, to fill street, neighbourhood, state and city; `onManual` hears that the service did not
 * know the code or did not answer, and the customer goes on by hand.
 */
export function useCepLookup({
  onFound,
  onManual,
}: {
  onFound: (address: CepResult) => void;
  onManual?: (reason: "not-found" | "error") => void;
}) {
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
