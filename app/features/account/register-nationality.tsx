import { useTranslation } from "#app/i18n/react.tsx";
import type { Nationality } from "#contract/api/accounts.ts";
import { InfoIcon } from "#app/components/ui/icons.tsx";
import "#app/i18n/account-texts.ts";

const NATIONALITY_KEY = { BR: "brazil", PY: "paraguay", AR: "argentina" } as const;

/** The registration's first step (spec §4): the nationality, which sets the audience and the language. */
export function RegisterNationality({
  hidden,
  nationality,
  onChoose,
  err,
}: {
  hidden: boolean;
  nationality: Nationality;
  onChoose: (value: Nationality) => void;
  err: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <fieldset hidden={hidden} className="rounded-lg border border-slate-200 bg-panel p-5">
      <legend className="px-1 text-lg font-bold">{t("account.register.nationalityQuestion")}</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2" role="radiogroup" aria-describedby={err("estrangeiro") ? "estrangeiro-error" : undefined}>
        {(["BR", "PY", "AR"] as const).map((value) => (
          <label
            key={value}
            className="flex min-h-14 cursor-pointer items-center gap-3 rounded-md border border-slate-300 p-4 has-[:checked]:border-amber-500 has-[:checked]:bg-amber-50"
          >
            <input
              type="radio"
              name="nacionalidade"
              value={value}
              checked={nationality === value}
              onChange={() => onChoose(value)}
              className="size-5 accent-amber-600"
            />
            <span>
              <span className="block font-semibold">{t(`account.register.nationality.${NATIONALITY_KEY[value]}`)}</span>
              <span className="block text-sm text-muted">{t(`account.register.nationalityHint.${NATIONALITY_KEY[value]}`)}</span>
            </span>
          </label>
        ))}
      </div>
      {nationality === "BR" ? (
        <p className="mt-4 flex gap-2 rounded-md bg-sky-50 p-3 text-sm text-sky-950">
          <InfoIcon className="mt-0.5 size-5 shrink-0" />
          {t("account.register.foreignNotice")}
        </p>
      ) : null}
    </fieldset>
  );
}
