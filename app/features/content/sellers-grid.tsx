import { useTranslation } from "#app/i18n/react.tsx";
import type { Seller } from "#contract/api/catalog.ts";
import { ChatIcon } from "#app/components/ui/icons.tsx";
import { EmptyState, SkeletonGrid } from "./page-parts.tsx";
import "#app/i18n/home-texts.ts";

export const SELLER_SKELETONS = 6;
const GRID = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

/** Spec §2: the messaging link uses only the digits of the number. */
export function whatsappHref(number: string): string | null {
  const digits = number.replace(/\D/g, "");
  return digits ? `https://wa.me/${digits}` : null;
}

function DefaultAvatar() {
  return (
    <svg viewBox="0 0 96 96" aria-hidden="true" className="size-full" data-testid="default-avatar">
      <rect width="96" height="96" fill="#e2e8f0" />
      <circle cx="48" cy="38" r="17" fill="#94a3b8" />
      <path d="M14 96c3-20 17-31 34-31s31 11 34 31z" fill="#94a3b8" />
    </svg>
  );
}

/** Spec §2 "Sales team": photo (or a default avatar), name, role and a WhatsApp button. */
export function SellersGrid({ sellers }: { sellers: Seller[] }) {
  const { t } = useTranslation();
  if (sellers.length === 0) return <EmptyState>{t("home.sellersPage.empty")}</EmptyState>;
  return (
    <ul className={GRID}>
      {sellers.map((seller) => {
        const href = seller.whatsapp ? whatsappHref(seller.whatsapp) : null;
        return (
          <li key={seller.id}>
            <article className="flex h-full items-center gap-4 rounded-lg bg-panel p-4 shadow-sm ring-1 ring-slate-200">
              <div className="size-24 shrink-0 overflow-hidden rounded-full ring-2 ring-accent">
                {seller.foto ? (
                  <img src={seller.foto} alt="" width={96} height={96} loading="lazy" className="size-full object-cover" />
                ) : (
                  <DefaultAvatar />
                )}
              </div>
              <div className="min-w-0 flex-1">
                <h2 className="text-lg font-bold">{seller.nome}</h2>
                <p className="text-sm text-muted">{seller.funcao}</p>
                {href ? (
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t("home.sellersPage.contactLabel", { name: seller.nome })}
                    className="mt-3 inline-flex items-center gap-2 rounded-md bg-green-700 px-3 py-2 text-sm font-semibold text-white hover:bg-green-800"
                  >
                    <ChatIcon className="size-4" />
                    {t("home.sellersPage.contact")}
                  </a>
                ) : (
                  <p className="mt-3 text-sm text-muted">{t("home.sellersPage.noWhatsapp")}</p>
                )}
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

export const SellersSkeleton = () => <SkeletonGrid count={SELLER_SKELETONS} className={GRID} itemClassName="h-32" />;
