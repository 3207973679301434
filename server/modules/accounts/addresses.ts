import { and, asc, eq, ne } from "drizzle-orm";
import { onlyDigits } from "#contract/documents.ts";
import type { Db } from "#db/client.ts";
import { addresses } from "#db/schema/index.ts";
import { HttpError } from "../../lib/errors.ts";
import * as repo from "./repo.ts";

export interface AddressInput {
  nome: string;
  cep?: string;
  logradouro: string;
  numero: string;
  bairro: string;
  cidade_id: number;
  estado_id?: number;
  complemento?: string;
  como_chegar?: string;
  principal?: boolean;
}

/** A customer's delivery addresses; every query is scoped to the customer, so another's id is a 404. */
export function createAddressService(db: Db) {
  async function owned(customerId: number, id: number) {
    const [row] = await db
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.customer_id, customerId), eq(addresses.ativo, true)));
    if (!row) throw new HttpError(404, "not_found");
    return row;
  }

  /** Spec §6: foreign (Brazilian) customers cannot change their address; they pick up in the shop. */
  async function mayChange(customerId: number) {
    const row = await repo.findCustomerById(db, customerId);
    if (!row) throw new HttpError(401, "session_expired");
    if (row.estrangeiro) throw new HttpError(403, "foreign_address_locked");
  }

  async function create(customerId: number, input: AddressInput) {
    await mayChange(customerId);
    const city = await repo.cityWithState(db, input.cidade_id);
    if (!city || (input.estado_id && input.estado_id !== city.estado_id)) {
      throw new HttpError(422, "validation_failed", { errors: { cidade_id: ["city_not_found"] } });
    }
    const brazil = city.pais_id === 1;
    if (brazil && !input.cep) throw new HttpError(422, "validation_failed", { errors: { cep: ["required"] } });
    return db.transaction(async (tx) => {
      const active = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.customer_id, customerId), eq(addresses.ativo, true)));
      const principal = input.principal === true || active.length === 0;
      if (principal) {
        await tx.update(addresses).set({ principal: false }).where(eq(addresses.customer_id, customerId));
      }
      const [row] = await tx
        .insert(addresses)
        .values({
          customer_id: customerId,
          nome: input.nome,
          cep: brazil ? maskCepDigits(input.cep!) : null,
          logradouro: input.logradouro,
          numero: input.numero,
          bairro: input.bairro,
          cidade: city.nome,
          cidade_id: city.id,
          estado_id: city.estado_id,
          pais_id: city.pais_id,
          complemento: input.complemento ?? null,
          como_chegar: brazil ? null : (input.como_chegar ?? null),
          principal,
        })
        .returning({ id: addresses.id });
      return row!.id;
    });
  }

  /** Soft delete (spec: ativo false); the oldest remaining address becomes the main one. */
  async function deactivate(customerId: number, id: number) {
    await mayChange(customerId);
    const row = await owned(customerId, id);
    await db.transaction(async (tx) => {
      await tx.update(addresses).set({ ativo: false, principal: false }).where(eq(addresses.id, row.id));
      if (row.principal) {
        const [next] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(and(eq(addresses.customer_id, customerId), eq(addresses.ativo, true), ne(addresses.id, row.id)))
          .orderBy(asc(addresses.id))
          .limit(1);
        if (next) await tx.update(addresses).set({ principal: true }).where(eq(addresses.id, next.id));
      }
    });
  }

  async function setMain(customerId: number, id: number) {
    await mayChange(customerId);
    const row = await owned(customerId, id);
    await db.transaction(async (tx) => {
      await tx.update(addresses).set({ principal: false }).where(eq(addresses.customer_id, customerId));
      await tx.update(addresses).set({ principal: true }).where(eq(addresses.id, row.id));
    });
  }

  return { create, deactivate, setMain, list: (customerId: number) => repo.listAddresses(db, customerId) };
}

export type AddressService = ReturnType<typeof createAddressService>;

const maskCepDigits = (cep: string) => {
  const d = onlyDigits(cep);
  return `${d.slice(0, 5)}-${d.slice(5, 8)}`;
};
