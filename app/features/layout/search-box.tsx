import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Form, useLocation, useNavigate, useRouteLoaderData } from "react-router";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { api } from "#app/lib/api-client.ts";
import { apiLang } from "#contract/locale.ts";
import { SearchIcon } from "#app/components/ui/icons.tsx";
import type { ShellData } from "#app/lib/shell-data.ts";

/** Spec §4/§5/§9: suggestions from 2 characters, 200 ms debounce, hidden 200 ms after blur. */
export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_DEBOUNCE_MS = 200;
export const SUGGEST_BLUR_MS = 200;
// Spec §7/§9: desktop asks for 5 and shows 4; mobile asks for 4.
const SHOWN = 4;
const FETCHED_DESKTOP = 5;
const MOBILE_QUERY = "(max-width: 768px)";

type Status = "idle" | "loading" | "done";

const searchHref = (text: string) => `/produtos?${new URLSearchParams({ text })}`;

/**
 * Product search with suggestions (spec §2, §4 "Search"), as an ARIA 1.2 combobox: arrows move
 * through the suggestions and a final 'see all results' row, Enter opens the chosen one (or
 * searches), Escape closes. Without JavaScript it is still a plain GET form to /produtos.
 */
export function SearchBox({ className }: { className?: string }) {
  const { t } = useTranslation();
  const shell = useRouteLoaderData<ShellData>("root");
  const navigate = useNavigate();
  const location = useLocation();
  const inputId = useId();
  const listId = useId();
  const current = location.pathname.startsWith("/produtos") ? (new URLSearchParams(location.search).get("text") ?? "") : "";

  const [text, setText] = useState(current);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The answer for one query; the status is derived from it, so a stale answer never shows.
  const [answer, setAnswer] = useState<{ query: string; items: ProductSummary[]; failed: boolean } | null>(null);
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Another page or search shows its own text and closes the list; a change of page size or
  // filters on the same search leaves what the visitor is typing alone.
  const place = `${location.pathname}?${current}`;
  const [seenPlace, setSeenPlace] = useState(place);
  if (seenPlace !== place) {
    setSeenPlace(place);
    setText(current);
    setOpen(false);
    setActive(-1);
  }

  const query = text.trim();
  const enough = query.length >= SUGGEST_MIN_CHARS;
  const fresh = answer?.query === query ? answer : null;
  const status: Status = !enough || fresh?.failed ? "idle" : fresh ? "done" : "loading";
  const items = fresh?.items ?? [];

  const currencyId = shell?.currencyId ?? 2;
  const lang = shell ? apiLang(shell.locale) : "pt";

  useEffect(() => {
    if (!enough) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const mobile = window.matchMedia(MOBILE_QUERY).matches;
      try {
        const page = await api("GET /api/public/products", {
          query: {
            text: query,
            all_products: "1",
            page: "1",
            per_page: String(mobile ? SHOWN : FETCHED_DESKTOP),
            moeda_id: String(currencyId),
            ...(lang === "es" ? { lang: "es" } : {}),
          },
          signal: controller.signal,
        });
        setAnswer({ query, items: page.data.slice(0, SHOWN), failed: false });
        setActive(-1);
      } catch (error) {
        if (controller.signal.aborted) return;
        // Spec §8: a failed suggestion call is cleared and hidden, and only logged.
        console.warn("search suggestions failed", error);
        setAnswer({ query, items: [], failed: true });
      }
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, enough, currencyId, lang]);

  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const expanded = open && enough && status !== "idle";
  // The suggestions, then the 'see all results' row.
  const rowCount = status === "done" ? items.length + 1 : 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  function choose(index: number) {
    setOpen(false);
    const product = items[index];
    void navigate(product ? `/produto/${product.slug}` : searchHref(query));
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!enough) return;
      event.preventDefault();
      setOpen(true);
      if (rowCount === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      // Cycles through "nothing chosen" (-1), the suggestions and the 'see all' row.
      setActive((i) => ((i + 1 + step + rowCount + 1) % (rowCount + 1)) - 1);
    } else if (event.key === "Enter" && expanded && active >= 0 && active < rowCount) {
      event.preventDefault();
      choose(active);
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  }

  return (
    <div className={`relative ${className ?? ""}`}>
      <Form
        method="get"
        action="/produtos"
        role="search"
        // Spec §5: an empty search does nothing.
        onSubmit={(event) => {
          if (query === "") event.preventDefault();
          else setOpen(false);
        }}
        className="flex h-11 items-stretch overflow-hidden rounded-md bg-panel ring-1 ring-slate-300 focus-within:ring-[3px] focus-within:ring-accent-strong"
      >
        <label htmlFor={inputId} className="sr-only">
          {t("header.searchLabel")}
        </label>
        <input
          id={inputId}
          name="text"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => {
            clearTimeout(blurTimer.current);
            setOpen(true);
          }}
          onBlur={() => {
            blurTimer.current = setTimeout(() => setOpen(false), SUGGEST_BLUR_MS);
          }}
          onKeyDown={onKeyDown}
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t("header.searchPlaceholder")}
          className="min-w-0 flex-1 bg-transparent px-3 text-ink placeholder:text-slate-500 focus:outline-none"
        />
        <button
          type="submit"
          aria-label={t("header.searchSubmit")}
          className="flex w-12 items-center justify-center bg-accent text-ink hover:bg-accent-strong"
        >
          <SearchIcon className="size-5" />
        </button>
      </Form>

      <div
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-1 overflow-hidden rounded-md bg-panel text-ink shadow-xl ring-1 ring-slate-300"
      >
        {status === "loading" ? (
          <p className="px-4 py-3 text-sm text-muted" role="status">
            {t("catalog.search.loading")}
          </p>
        ) : null}
        {status === "done" && items.length === 0 ? (
          <p className="px-4 py-3 text-sm text-muted" role="status">
            {t("catalog.search.empty", { text: query })}
          </p>
        ) : null}
        {status === "done" && items.length > 0 ? (
          <p className="sr-only" role="status">
            {t("catalog.search.available", { count: items.length })}
          </p>
        ) : null}
        <ul id={listId} role="listbox" aria-label={t("catalog.search.suggestions")}>
          {status === "done"
            ? [...items, null].map((product, index) => (
                <li
                  key={product?.id ?? "all"}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  // mousedown would blur the input first and start the hide timer.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(index)}
                  onMouseEnter={() => setActive(index)}
                  className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${index === active ? "bg-amber-100" : ""} ${product ? "" : "border-t border-slate-200 font-semibold text-accent-ink"}`}
                >
                  {product ? (
                    <>
                      {product.imagens[0] ? (
                        <img src={product.imagens[0].url} alt="" width={40} height={40} className="size-10 shrink-0 object-contain" />
                      ) : (
                        <span className="size-10 shrink-0 rounded bg-slate-100" />
                      )}
                      <span className="min-w-0 flex-1">
                        <span className="line-clamp-2">{product.nome}</span>
                        <span className="block text-xs text-muted">{product.codigo}</span>
                      </span>
                      {product.mostrar_preco && product.preco_atual ? (
                        <span className="shrink-0 font-bold">{product.preco_atual.formatado}</span>
                      ) : null}
                    </>
                  ) : (
                    t("catalog.search.seeAll", { text: query })
                  )}
                </li>
              ))
            : null}
        </ul>
      </div>
    </div>
  );
}
