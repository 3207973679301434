import { useTranslation } from "#app/i18n/react.tsx";
import { useToast } from "#app/components/ui/toast.tsx";

const ShareIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width="20"
    height="20"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
  </svg>
);

const WhatsappIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2c-1.5 0-3-.4-4.3-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2s.2-1.1.2-1.2-.3-.2-.5-.3Z" />
  </svg>
);

export const actionButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-white px-3 text-sm font-semibold text-ink ring-1 ring-slate-300 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60";

/** Web Share API where the browser has it; otherwise the link goes to the clipboard. */
export function ShareButtons({ name, url }: { name: string; url: string }) {
  const { t } = useTranslation();
  const toast = useToast();

  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: name, url });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to report.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("product.actions.linkCopied"));
    } catch {
      toast.error(t("product.actions.copyFailed"));
    }
  }

  const whatsapp = `https://wa.me/?text=${encodeURIComponent(t("product.actions.whatsappText", { name, url }))}`;

  return (
    <>
      <button type="button" onClick={() => void share()} className={actionButton}>
        <ShareIcon />
        <span className="max-md:sr-only">{t("product.actions.share")}</span>
      </button>
      <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={`${actionButton} text-green-800`}>
        <WhatsappIcon />
        <span className="max-md:sr-only">{t("product.actions.shareWhatsapp")}</span>
      </a>
    </>
  );
}
