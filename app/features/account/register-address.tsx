import { useTranslation } from "#app/i18n/react.tsx";
import { addressCountriesFor, type Nationality } from "#contract/api/accounts.ts";
import { InfoIcon } from "#app/components/ui/icons.tsx";
import { AddressFields } from "./address-fields.tsx";
import "#app/i18n/account-texts.ts";

/**
 * The address step of the registration: Brazilians give a CEP (looked up, or state and city by
 * hand), Paraguayans a department and city, Argentinians an Argentine address (province, typed
 * city, CPA) or a Paraguayan one for deliveries (docs/decisions/006). Keyed by nationality, so a
 * change of nationality starts it afresh.
 */
export function RegisterAddress({ nationality, err }: { nationality: Nationality; err: (field: string) => string | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      {nationality === "BR" ? (
        <p className="flex gap-2 rounded-md bg-sky-50 p-3 text-sm text-sky-950 sm:col-span-2">
          <InfoIcon className="mt-0.5 size-5 shrink-0" />
          {t("account.register.foreignNotice")}
        </p>
      ) : null}
      <AddressFields countries={addressCountriesFor(nationality)} err={err} />
    </>
  );
}
