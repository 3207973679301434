import { z } from "zod";
import type { StaffAccess } from "./admin/staff.ts";

/** The answer `{ data: … }` most calls give. */
export const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
/**
 * An answer that is a file of one of `types`, not JSON (read with the client's `blob`): its bytes, which
 * /api/docs describes as a binary string of each media type (server/plugins/api-docs.ts).
 */
export const file = (description: string, types: readonly string[]) => ({ response: z.custom<Uint8Array>().describe(description), produces: types });
/** A page link that answers only where to go next (its Location), as a 303. */
export const redirect = (description: string) => ({ status: 303 as const, response: z.null().describe(description) });

export interface Operation {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body is a multipart form (registration and profile, with their document files). */
  multipart?: true;
  /** The success status, 200 unless said; a 303 answers no body, only its Location (`redirect`). */
  status?: 200 | 201 | 202 | 303;
  response: z.ZodType;
  /** The answer is a file of one of these media types (`file`), not JSON. */
  produces?: readonly string[];
  /**
   * Back-office operations (`/api/admin/...`): the staff roles that may call it, or `public` (the
   * login). One check reads this for every admin route (server/modules/admin/access.ts); an admin
   * path without it is refused to everyone.
   */
  admin?: StaffAccess;
}
