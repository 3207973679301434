import { useEffect } from "react";
import { useToast } from "#app/components/ui/toast.tsx";

const FLASH_KEY = "flash";

/** Shows, once, a message a page left before reloading (the login success of spec §8). */
export function useFlashToast() {
  const toast = useToast();
  useEffect(() => {
    let message: string | null = null;
    try {
      message = sessionStorage.getItem(FLASH_KEY);
      sessionStorage.removeItem(FLASH_KEY);
    } catch {
      return;
    }
    if (message) toast.success(message);
  }, [toast]);
}
