import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { UNAUTHORIZED_EVENT, type LineInput } from "#app/lib/cart-api.ts";

/**
 * Notices a session that ends while the tab is open (spec §9: 1 hour). A refused cart save or any
 * 401 makes the root route ask the server again; the cart provider then sees the customer turn into
 * a guest and keeps their lines in a guest cart. A logout or a started checkout is on purpose.
 * Call it before the cart provider's own effects: its refs are brought up to date first.
 */
export function useSessionEnd(signedIn: boolean) {
  const revalidator = useRevalidator();
  const [ended, setEnded] = useState(false);
  const signedInRef = useRef(signedIn);
  const wasSignedIn = useRef(signedIn);
  const purposeful = useRef(false);
  // The lines a save wanted when the server refused it because the session had ended.
  const orphan = useRef<LineInput[] | null>(null);
  const revalidateRef = useRef(revalidator.revalidate);
  useEffect(() => {
    signedInRef.current = signedIn;
    revalidateRef.current = revalidator.revalidate;
  });

  // Any API call answering 401 in a signed-in tab: ask the server whether the session is still alive.
  useEffect(() => {
    const check = () => {
      if (signedInRef.current) void revalidateRef.current();
    };
    window.addEventListener(UNAUTHORIZED_EVENT, check);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, check);
  }, []);

  /**
   * For the provider's load effect: the lines to keep (`fallback` when no save was refused) when the
   * tab just went from a signed-in customer to a guest without meaning to, else null.
   */
  const takeEnded = useCallback((fallback: () => LineInput[]): LineInput[] | null => {
    const surprise = wasSignedIn.current && !signedInRef.current && !purposeful.current;
    wasSignedIn.current = signedInRef.current;
    if (signedInRef.current) purposeful.current = false;
    if (!surprise) return null;
    const lines = orphan.current ?? fallback();
    orphan.current = null;
    return lines;
  }, []);

  /** A customer's cart save answered 401/404: the session may have ended, so the server is asked. */
  const refused = useCallback((lines: LineInput[], status: number) => {
    if (!signedInRef.current || (status !== 401 && status !== 404)) return;
    orphan.current = lines;
    void revalidateRef.current();
  }, []);

  return {
    signedInRef,
    sessionEnded: ended && !signedIn,
    markEnded: useCallback(() => setEnded(true), []),
    dismiss: useCallback(() => setEnded(false), []),
    onPurpose: useCallback(() => {
      purposeful.current = true;
    }, []),
    saved: useCallback(() => {
      orphan.current = null;
    }, []),
    refused,
    takeEnded,
  };
}
