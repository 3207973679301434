import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab cycling inside an open modal (the first and last focusable wrap round). */
export function trapTab(event: KeyboardEvent<HTMLElement>, container: HTMLElement | null) {
  if (event.key !== "Tab" || !container) return;
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** Accessible name; rendered by the caller inside children with the id given to it. */
  title: (titleId: string) => ReactNode;
  children: ReactNode;
  /** Classes of the panel: a centred card by default, a side drawer when the caller says so. */
  className?: string;
}

/**
 * A modal on the native <dialog>: showModal() makes the page behind inert and Escape fires
 * `cancel`; Tab is kept inside as well, and focus goes back to where it was when it closes.
 */
export function Dialog({ open, onClose, title, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    if (open) return;
    returnFocus.current?.focus();
    returnFocus.current = null;
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onKeyDown={(event) => trapTab(event, ref.current)}
      // Escape and form[method=dialog] both end in `close`; the parent's state follows it.
      onClose={() => open && onClose()}
      // A click on the backdrop lands on the <dialog> itself, never on its content.
      onClick={(event) => event.target === ref.current && onClose()}
      className={className ?? "m-auto w-[min(92vw,28rem)] rounded-lg bg-panel p-0 text-ink shadow-2xl"}
    >
      {open ? (
        <div className="h-full">
          {title(titleId)}
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
