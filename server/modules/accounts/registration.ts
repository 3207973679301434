import { hash } from "@node-rs/argon2";
import {
  ARGENTINA_ID,
  REGISTRATION_FILE_TYPES,
  registrationCountry,
  registrationNationality,
  type Nationality,
  type RegisterFields,
} from "#contract/api/accounts.ts";
import { isLocale, type Locale } from "#contract/locale.ts";
import { maskCep } from "#contract/masks.ts";
import type { ApiMessageKey } from "#contract/messages.ts";
import type { Db } from "#db/client.ts";
import { addresses, customerDocuments, customers } from "#db/schema/index.ts";
import { HttpError } from "../../lib/errors.ts";
import type { Storage } from "../../lib/storage.ts";
import { randomToken } from "../../lib/tokens.ts";
import * as repo from "./repo.ts";
import type { UploadedFile } from "../../lib/multipart.ts";
import { checkUpload, extensionOf } from "./uploads.ts";

/** Where links in e-mails point and which brand signs them. */
export interface MailContext {
  origin: string;
  brandName: string;
}

export type CheckedFile = { lado: string; file: UploadedFile; mime: string };

/** Stores both document images first; the rows that point at them are written in the caller's transaction. */
export async function storeDocumentFiles(storage: Storage, customerUuid: string, files: CheckedFile[]) {
  const stored: { lado: string; storage_key: string; mime: string; tamanho: number }[] = [];
  for (const { lado, file, mime } of files) {
    const key = `documents/${customerUuid}/${lado}-${randomToken(12)}.${extensionOf(mime)}`;
    await storage.put(key, file.buffer);
    stored.push({ lado, storage_key: key, mime, tamanho: file.buffer.length });
  }
  return stored;
}

/** The language a new customer reads when the form did not say (spec §4: foreign pt-BR, else Spanish). */
const nationalityLocale = (nationality: Nationality): Locale => (nationality === "BR" ? "pt-BR" : nationality === "AR" ? "es-AR" : "es-PY");

/** Registration (spec §5): checks, stores the customer, first address and document images, then mails the confirmation. */
export function createRegistration(deps: {
  db: Db;
  storage: Storage;
  emailInUse: (email: string) => Promise<boolean>;
  sendConfirmation: (row: repo.CustomerRow, mail: MailContext) => Promise<void>;
}) {
  const { db, storage, emailInUse, sendConfirmation } = deps;

  /** The registration address's place: a known city, or for an Argentine address a province and a typed city. */
  async function registrationPlace(fields: RegisterFields, errors: Record<string, ApiMessageKey[]>) {
    const country = registrationCountry(fields);
    if (country === ARGENTINA_ID) {
      const province = fields.estado_id ? await repo.stateOf(db, fields.estado_id) : undefined;
      if (!province || province.pais_id !== ARGENTINA_ID) {
        errors.estado_id = ["state_required"];
        return undefined;
      }
      return { cidade: fields.cidade!, cidade_id: null, estado_id: province.id, pais_id: ARGENTINA_ID };
    }
    const city = fields.cidade_id ? await repo.cityWithState(db, fields.cidade_id) : undefined;
    if (!city || city.pais_id !== country || (fields.estado_id && city.estado_id !== fields.estado_id)) {
      errors.cidade_id = ["city_not_found"];
      return undefined;
    }
    return { cidade: city.nome, cidade_id: city.id, estado_id: city.estado_id, pais_id: city.pais_id };
  }

  async function register(fields: RegisterFields, files: Map<string, UploadedFile>, mail: MailContext) {
    const errors: Record<string, ApiMessageKey[]> = {};
    const checked: { lado: string; file: UploadedFile; mime: string }[] = [];
    for (const lado of ["frente", "verso"]) {
      const result = await checkUpload(files.get(lado), REGISTRATION_FILE_TYPES, "file_type");
      if ("error" in result) errors[lado] = [result.error];
      else checked.push({ lado, file: files.get(lado)!, mime: result.mime });
    }
    const foreign = fields.estrangeiro === "1";
    const nationality = registrationNationality(fields);
    const place = await registrationPlace(fields, errors);
    if (Object.keys(errors).length > 0) throw new HttpError(422, "validation_failed", { errors: errors });
    if (await emailInUse(fields.email)) throw new HttpError(409, "email_in_use", { errors: { email: ["email_in_use"] } });

    const passwordHash = await hash(fields.password);
    const uuid = crypto.randomUUID();
    const stored = await storeDocumentFiles(storage, uuid, checked);
    let row: repo.CustomerRow;
    try {
      row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(customers)
          .values({
            uuid,
            nome: fields.nome,
            sobrenome: fields.sobrenome,
            email: fields.email,
            password_hash: passwordHash,
            estrangeiro: foreign,
            nacionalidade: nationality,
            telefone: fields.telefone,
            documento_tipo: fields.documento_tipo,
            documento: fields.documento ?? null,
            identidade: fields.identidade,
            identidade_complemento: foreign ? (fields.identidade_complemento ?? null) : null,
            razao_social: foreign ? null : (fields.razao_social ?? null),
            lang: isLocale(fields.lang) && fields.lang.startsWith(foreign ? "pt" : "es") ? fields.lang : nationalityLocale(nationality),
          })
          .returning();
        await tx.insert(addresses).values({
          customer_id: created!.id,
          nome: `${fields.nome} ${fields.sobrenome}`.slice(0, 100),
          // Masked like addresses added later (#####-###), whatever the form sent; an Argentine CPA as typed.
          cep: foreign && fields.cep ? maskCep(fields.cep) : place!.pais_id === ARGENTINA_ID ? (fields.cep ?? null) : null,
          logradouro: fields.logradouro,
          numero: fields.numero,
          bairro: fields.bairro,
          cidade: place!.cidade,
          cidade_id: place!.cidade_id,
          estado_id: place!.estado_id,
          pais_id: place!.pais_id,
          complemento: fields.complemento ?? null,
          como_chegar: foreign ? null : (fields.como_chegar ?? null),
          principal: true,
        });
        await tx.insert(customerDocuments).values(stored.map((s) => ({ ...s, customer_id: created!.id })));
        return created!;
      });
    } catch (err) {
      await Promise.all(stored.map((s) => storage.remove(s.storage_key)));
      // Two registrations racing for one e-mail: the unique index decides, the loser hears why.
      if (String((err as { cause?: unknown }).cause ?? err).includes("clientes_email_idx")) {
        throw new HttpError(409, "email_in_use", { errors: { email: ["email_in_use"] } });
      }
      throw err;
    }
    await sendConfirmation(row, mail);
    return row;
  }

  return register;
}
