import { BANNER_TYPE_VALUES, type AdminBanner } from "#contract/api/admin/content.ts";
import { SHOP_TIME_ZONE, shopLocalInput } from "#contract/shop-time.ts";
import { SelectField, TextField } from "#app/components/form/fields.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { EditItemForm, ItemDetails, NewItemForm } from "#app/features/admin/item-forms.tsx";
import { useStaffApi } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { ImageUpload } from "./image-upload.tsx";
import { PlaceFields } from "./place-fields.tsx";
import "#app/i18n/admin-texts.ts";

function BannerFields({ prefix, banner, errors }: { prefix: string; banner?: AdminBanner; errors: Record<string, string | undefined> }) {
  const { t } = useTranslation();
  const text = (name: keyof AdminBanner, label: string, max: number, extra: { hint?: string; className?: string } = {}) => (
    <TextField
      id={`${prefix}-${name}`}
      name={name}
      label={label}
      defaultValue={(banner?.[name] as string | null | undefined) ?? ""}
      maxLength={max}
      error={errors[name]}
      {...extra}
    />
  );
  return (
    <>
      <SelectField
        id={`${prefix}-tipo`}
        name="tipo"
        label={t("admin.content.banners.type")}
        options={BANNER_TYPE_VALUES.map((v) => ({ value: v, label: v }))}
        defaultValue={banner?.tipo ?? BANNER_TYPE_VALUES[0]}
        error={errors.tipo}
      />
      {text("link", t("admin.content.banners.link"), 500, { hint: t("admin.content.banners.linkHint") })}
      {text("titulo_pt", t("admin.content.banners.titlePt"), 200)}
      {text("titulo_es", t("admin.content.banners.titleEs"), 200)}
      {text("descricao_pt", t("admin.content.banners.descriptionPt"), 1000)}
      {text("descricao_es", t("admin.content.banners.descriptionEs"), 1000)}
      <TextField
        id={`${prefix}-inicio`}
        name="inicio"
        type="datetime-local"
        step={1}
        label={t("admin.content.banners.start")}
        hint={t("admin.content.banners.windowHint")}
        defaultValue={shopLocalInput(banner?.inicio)}
        error={errors.inicio}
      />
      <TextField
        id={`${prefix}-fim`}
        name="fim"
        type="datetime-local"
        step={1}
        label={t("admin.content.banners.end")}
        hint={t("admin.content.banners.windowHint")}
        defaultValue={shopLocalInput(banner?.fim)}
        error={errors.fim}
      />
      <PlaceFields prefix={prefix} record={banner} errors={errors} />
    </>
  );
}

export function NewBanner() {
  const { t } = useTranslation();
  return (
    <NewItemForm
      label={t("admin.content.banners.new")}
      submit={t("admin.content.create")}
      pendingLabel={t("admin.content.creating")}
      fields={(errors) => <BannerFields prefix="new-banner" errors={errors} />}
    />
  );
}

export function BannerItem({ banner }: { banner: AdminBanner }) {
  const { t, i18n } = useTranslation();
  const api = useStaffApi();
  const name = banner.titulo_pt || t("admin.content.banners.untitled", { id: banner.id });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short", timeZone: SHOP_TIME_ZONE });
  const when = (iso: string | null) => (iso ? date.format(new Date(iso)) : "…");
  return (
    <ItemDetails
      testId="admin-banner"
      id={banner.id}
      summary={
        <>
          {banner.imagem_url ? <img src={banner.imagem_url} alt="" className="h-8 w-16 object-cover" /> : null}
          <span className="break-all">{name}</span>
          <span className="text-xs font-normal text-muted">{banner.tipo}</span>
          <Badge tone={banner.no_ar ? "good" : "neutral"}>
            {banner.no_ar ? t("admin.content.banners.onAir") : t("admin.content.banners.offAir")}
          </Badge>
          {banner.inicio || banner.fim ? (
            <span className="text-xs font-normal text-muted">
              {t("admin.content.banners.scheduled", { from: when(banner.inicio), to: when(banner.fim) })}
            </span>
          ) : null}
        </>
      }
      aside={
        <section>
          <ImageUpload
            id={`banner-image-${banner.id}`}
            label={t("admin.content.image")}
            image={banner.imagem_url}
            alt={t("admin.content.banners.imageAlt", { name })}
            field="imagem"
            post={{ intent: "image", id: banner.id }}
            wide
            send={(body) => api("POST /api/admin/banners/{id}/image", { params: { id: banner.id }, body })}
          />
        </section>
      }
    >
      <EditItemForm
        id={banner.id}
        label={t("admin.content.banners.edit", { name })}
        name={name}
        fields={(errors) => <BannerFields prefix={`banner-${banner.id}`} banner={banner} errors={errors} />}
      />
    </ItemDetails>
  );
}
