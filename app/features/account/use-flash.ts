import { useEffect } from "react";
import { useToast } from "#app/components/ui/toast.tsx";
import { takeStored } from "#app/lib/local-store.ts";

/** Where a page leaves a message for the next one (sessionStorage: this tab only). */
export const FLASH_KEY = "flash";

/** Shows, once, a message a page left before reloading (the login success of spec §8). */
export function useFlashToast() {
  const toast = useToast();
  useEffect(() => {
    const message = takeStored(FLASH_KEY, "session");
    if (message) toast.success(message);
  }, [toast]);
}
