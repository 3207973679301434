import { useTranslation } from "#app/i18n/react.tsx";
import { Dialog } from "./dialog.tsx";
import { WrenchIcon } from "./icons.tsx";

/** The spec's 'feature under development' notice (spec §1, §2), for features not offered yet. */
export function DevelopmentPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={(id) => (
        <div className="flex items-center gap-3 border-b border-slate-200 px-6 pt-6 pb-4">
          <span className="flex size-10 items-center justify-center rounded-full bg-accent text-ink">
            <WrenchIcon />
          </span>
          <h2 id={id} className="text-lg font-bold">
            {t("devPopup.title")}
          </h2>
        </div>
      )}
    >
      <p className="px-6 py-4 text-muted">{t("devPopup.text")}</p>
      <div className="flex justify-end px-6 pb-6">
        <button
          type="button"
          onClick={onClose}
          autoFocus
          className="rounded-md bg-accent px-5 py-2 font-semibold text-ink hover:bg-accent-strong"
        >
          {t("devPopup.ok")}
        </button>
      </div>
    </Dialog>
  );
}
