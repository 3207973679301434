/**
 * apiFetch takes a string or Buffer body: a multipart form is encoded here, boundary and all, so
 * the API reads it exactly as if the browser had sent it.
 */
export async function encodeMultipart(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const encoded = new Request("http://local.invalid/", { method: "POST", body: form });
  const contentType = encoded.headers.get("content-type") ?? "multipart/form-data";
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType };
}
