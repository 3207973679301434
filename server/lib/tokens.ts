import { createHash, randomBytes } from "node:crypto";

/** An unguessable token for a link or a session; only its hash is ever stored. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
