import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Link, useLoaderData } from "react-router";
import type { FavouriteListItem } from "#contract/api/accounts.ts";
import { apiLang } from "#contract/locale.ts";
import { FavouriteButton } from "#app/components/favourite-button.tsx";
import { useFavourites } from "#app/lib/favourites-store.ts";
import { resolveLocale } from "#app/i18n/resolve-locale.ts";
import { ApiError, serverApi } from "#app/lib/api-client.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/profile-favourites";

export const meta = pageMeta("favourites");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = resolveLocale(request, context.site);
  try {
    const { data } = await serverApi(context)("GET /ecom/favoritos", { query: { lang: apiLang(locale) } });
    return { favourites: data, failed: false };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { favourites: [] as FavouriteListItem[], failed: true };
  }
}

/** Spec §2 "Favourites": cards with image, name, code, out-of-stock overlay, view, unfavourite. */
export default function ProfileFavouritesRoute() {
  const { t } = useTranslation();
  const { favourites, failed } = useLoaderData<typeof loader>();
  const { items, ready, loggedIn } = useFavourites();
  // Once the store knows the server list, a heart un-ticked here takes its card away at once.
  const [shown] = useState(favourites);
  const visible = shown.filter((f) => f.produto && (!ready || !loggedIn || items.has(f.produto_id)));

  return (
    <section aria-labelledby="section-title">
      <h1 id="section-title" className="text-2xl font-bold">
        {t("profileNav.favourites")}
      </h1>
      {failed ? (
        <p role="alert" className="mt-4 text-red-800">
          {t("account.favourites.loadError")}
        </p>
      ) : null}
      {visible.length === 0 ? (
        <div className="mt-6 rounded-lg border border-dashed border-slate-300 bg-panel p-8 text-center">
          <p className="text-muted">{t("account.favourites.empty")}</p>
          <Link to="/produtos" className="mt-4 inline-block rounded-md bg-accent px-5 py-2.5 font-bold text-ink hover:bg-accent-strong">
            {t("account.favourites.browse")}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4">
          {visible.map(({ produto }) => {
            const product = produto!;
            const href = `/produto/${product.slug || product.id}`;
            const outOfStock = !product.tem_estoque;
            return (
              <li key={product.id} className="relative flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-panel shadow-sm">
                <div className="relative aspect-square bg-white">
                  {product.imagens[0] ? <img src={product.imagens[0].url} alt="" loading="lazy" className="size-full object-contain p-2" /> : null}
                  {outOfStock ? (
                    <span className="absolute inset-0 flex items-center justify-center bg-white/70 text-sm font-bold text-red-800">
                      {t("account.favourites.outOfStock")}
                    </span>
                  ) : null}
                  <div className="absolute top-2 right-2">
                    <FavouriteButton productId={product.id} />
                  </div>
                </div>
                <div className="flex flex-1 flex-col gap-1 p-3">
                  <h2 className="line-clamp-2 text-sm font-semibold">{product.nome}</h2>
                  <p className="text-xs text-muted">
                    {t("account.favourites.code")}: {product.codigo}
                  </p>
                  <Link
                    to={href}
                    className="mt-auto inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 px-3 text-sm font-semibold hover:bg-slate-50"
                    aria-label={t("account.favourites.viewLabel", { name: product.nome })}
                  >
                    {t("account.favourites.view")}
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
