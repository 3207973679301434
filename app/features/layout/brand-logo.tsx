import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";
import { WrenchIcon } from "#app/components/ui/icons.tsx";

/** The brand's name as the logo: the host decides which brand it is (spec §1). */
export function BrandLogo({ brandName, compact = false }: { brandName: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      aria-label={t("header.homeLink", { brand: brandName })}
      className="flex shrink-0 items-center gap-2 rounded font-black tracking-tight text-white"
    >
      <span className="flex size-9 items-center justify-center rounded-md bg-accent text-ink md:size-11">
        <WrenchIcon className="size-5 md:size-6" />
      </span>
      <span className={compact ? "text-lg leading-tight" : "text-xl leading-tight lg:text-2xl"}>{brandName}</span>
    </Link>
  );
}
