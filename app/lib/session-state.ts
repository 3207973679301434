/**
 * Whether this tab last saw a signed-in customer. The root route reads it to decide whether a
 * navigation should ask the server again (a session can end in an open tab: spec §9, 1 hour).
 * Browser-only state: written from an effect, read by `shouldRevalidate`.
 */
let signedIn = false;

export function rememberSignedIn(value: boolean) {
  signedIn = value;
}

export function tabSignedIn(): boolean {
  return signedIn;
}
