import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import "#app/i18n/account-texts.ts";

/** A yes/no question in a modal (logout, address removal). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={(id) => (
        <h2 id={id} className="border-b border-slate-200 px-5 py-4 text-lg font-bold">
          {title}
        </h2>
      )}
    >
      <div className="px-5 py-4 text-sm text-muted">{children}</div>
      <div className="flex justify-end gap-3 border-t border-slate-200 px-5 py-4">
        <button type="button" onClick={onCancel} className="min-h-11 rounded-md border border-slate-300 px-4 font-semibold hover:bg-slate-50">
          {t("account.common.cancel")}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
          className="min-h-11 rounded-md bg-red-700 px-4 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
