import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { AlertIcon, CheckCircleIcon, CloseIcon, ErrorIcon, InfoIcon } from "./icons.tsx";

export type ToastType = "success" | "error" | "warning" | "info";

/** Spec §8: toasts stay 4 s, errors 6 s. */
export const TOAST_DURATION_MS = 4000;
export const ERROR_TOAST_DURATION_MS = 6000;

interface ToastItem {
  id: number;
  type: ToastType;
  message: string;
  duration: number;
}

export interface ToastApi {
  show: (message: string, type?: ToastType, durationMs?: number) => number;
  success: (message: string) => number;
  error: (message: string) => number;
  warning: (message: string) => number;
  info: (message: string) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);

  const api = useMemo<ToastApi>(() => {
    const show: ToastApi["show"] = (message, type = "info", durationMs) => {
      const id = nextId.current++;
      const duration = durationMs ?? (type === "error" ? ERROR_TOAST_DURATION_MS : TOAST_DURATION_MS);
      setToasts((list) => [...list, { id, type, message, duration }]);
      return id;
    };
    return {
      show,
      dismiss,
      success: (message) => show(message, "success"),
      error: (message) => show(message, "error"),
      warning: (message) => show(message, "warning"),
      info: (message) => show(message, "info"),
    };
  }, [dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

const STYLE: Record<ToastType, { Icon: typeof InfoIcon; className: string }> = {
  success: { Icon: CheckCircleIcon, className: "border-green-700 text-green-800" },
  error: { Icon: ErrorIcon, className: "border-red-700 text-red-800" },
  warning: { Icon: AlertIcon, className: "border-amber-600 text-amber-900" },
  info: { Icon: InfoIcon, className: "border-sky-700 text-sky-900" },
};

function ToastRegion({ toasts, onDismiss }: { toasts: ToastItem[]; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  const render = (list: ToastItem[]) => list.map((toast) => <Toast key={toast.id} toast={toast} onDismiss={onDismiss} />);
  // Both live regions exist from the first render: screen readers only announce changes to
  // regions they already know. Errors interrupt (alert); the rest wait their turn (status).
  return (
    <section
      aria-label={t("toast.region")}
      className="pointer-events-none fixed inset-x-3 top-3 z-[60] flex flex-col items-stretch gap-2 md:inset-x-auto md:right-4 md:w-96"
    >
      <div role="alert" className="flex flex-col gap-2">
        {render(toasts.filter((toast) => toast.type === "error"))}
      </div>
      <div role="status" aria-live="polite" className="flex flex-col gap-2">
        {render(toasts.filter((toast) => toast.type !== "error"))}
      </div>
    </section>
  );
}

function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  const { Icon, className } = STYLE[toast.type];

  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration, onDismiss]);

  return (
    <button
      type="button"
      onClick={() => onDismiss(toast.id)}
      data-toast-type={toast.type}
      className={`pointer-events-auto flex w-full animate-toast-in items-start gap-3 rounded-md border-l-4 bg-panel px-4 py-3 text-left shadow-lg ring-1 ring-black/10 ${className}`}
    >
      <Icon className="mt-0.5 size-5 shrink-0" />
      <span className="flex-1 text-sm font-medium text-ink">
        <span className="sr-only">{t(`toast.types.${toast.type}`)}: </span>
        {toast.message}
      </span>
      <CloseIcon className="size-4 shrink-0 text-muted" />
      <span className="sr-only">{t("toast.dismiss")}</span>
    </button>
  );
}
