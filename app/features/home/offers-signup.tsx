import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { useNavigate } from "react-router";
import type { Locale } from "#contract/locale.ts";
import { PhoneIcon } from "#app/components/ui/icons.tsx";
import { api } from "#app/lib/api-client.ts";
import { OFFERS_SENT_MS, offersFieldValue, offersMaxLength, offersPayload } from "./offers-phone.ts";
import { useIsMobile } from "./use-carousel.ts";
import "#app/i18n/home-texts.ts";

type Status = "idle" | "sending" | "sent";

/**
 * The offers sign-up (section id `ofertas`, the header's "receive offers" target). Desktop and
 * phones send the same request (ARCHITECTURE decision 5); a failure is ignored silently (spec §8).
 */
export function OffersSignup({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState("");
  const [checked, setChecked] = useState(false);
  const [status, setStatus] = useState<Status>("idle");
  const payload = offersPayload(value);
  const valid = payload !== null;
  const showHint = checked && !valid;

  useEffect(() => {
    if (status !== "sent") return;
    const timer = setTimeout(() => {
      setStatus("idle");
      void navigate("/");
    }, OFFERS_SENT_MS);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (status !== "idle") return;
    setChecked(true);
    if (!payload) {
      input.current?.focus();
      return;
    }
    setStatus("sending");
    try {
      await api("POST /api/public/contato-newsletter", { body: payload });
    } catch {
      setStatus("idle");
      return;
    }
    setValue("");
    setChecked(false);
    setStatus("sent");
  };

  const label = status === "sending" ? t("home.offers.sending") : status === "sent" ? t("home.offers.sent") : t("home.offers.submit");

  return (
    <section id="ofertas" aria-labelledby="home-offers-title" className="scroll-mt-4 bg-steel text-on-steel surface-dark">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 md:grid-cols-2 md:items-center md:py-14">
        <div>
          <h2 id="home-offers-title" className="text-2xl font-bold text-white md:text-3xl">
            {t("home.offers.title")}
          </h2>
          <p className="mt-2 text-on-steel">{t("home.offers.text")}</p>
        </div>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2">
          <label htmlFor={inputId} className="text-sm font-semibold">
            {t("home.offers.label")}
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <div className="relative flex-1">
              <PhoneIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
              <input
                ref={input}
                id={inputId}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                required
                maxLength={offersMaxLength(isMobile, locale)}
                placeholder={t("home.offers.placeholder")}
                value={value}
                onChange={(event) => setValue(offersFieldValue(event.target.value, locale, isMobile))}
                onBlur={() => value !== "" && setChecked(true)}
                aria-invalid={showHint}
                aria-describedby={showHint ? hintId : undefined}
                className="h-12 w-full rounded-md bg-white pr-3 pl-11 text-ink placeholder:text-slate-500 focus-visible:outline-accent-strong aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-red-400"
              />
            </div>
            <button
              type="submit"
              disabled={status === "sending"}
              className={`h-12 rounded-md px-6 font-bold transition-colors ${
                status === "sent" ? "bg-green-700 text-white" : "bg-accent text-ink hover:bg-accent-strong"
              } disabled:opacity-80`}
            >
              {label}
            </button>
          </div>
          <p id={hintId} className={`text-sm font-semibold text-red-200 ${showHint ? "" : "hidden"}`}>
            {t("home.offers.invalid")}
          </p>
          <p role="status" className="sr-only">
            {status === "sent" ? t("home.offers.sent") : ""}
          </p>
        </form>
      </div>
    </section>
  );
}
