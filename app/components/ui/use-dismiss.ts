import { useEffect, type RefObject } from "react";

/**
 * Closes a popup menu on a press outside `container` or on Escape; Escape also puts focus back
 * on `trigger`, so keyboard users are not left on a vanished item.
 */
export function useDismiss(open: boolean, onDismiss: () => void, container: RefObject<HTMLElement | null>, trigger?: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!container.current?.contains(event.target as Node)) onDismiss();
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      onDismiss();
      trigger?.current?.focus();
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open, onDismiss, container, trigger]);
}
