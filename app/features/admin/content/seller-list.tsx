import { useFetcher } from "react-router";
import type { AdminSeller } from "#contract/api/admin/content.ts";
import { Check, TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { SaveOrDelete } from "#app/features/admin/catalogue/save-or-delete.tsx";
import { FormResult, useResetOnSuccess } from "#app/features/admin/form-result.tsx";
import { CsrfField, useStaffApi } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { fieldErrors, type ActionResult } from "#app/lib/action-result.ts";
import { ImageUpload } from "./image-upload.tsx";
import "#app/i18n/admin-texts.ts";

function SellerFields({ prefix, seller, errors }: { prefix: string; seller?: AdminSeller; errors: Record<string, string | undefined> }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        id={`${prefix}-nome`}
        name="nome"
        label={t("admin.content.sellers.name")}
        defaultValue={seller?.nome}
        required
        maxLength={120}
        error={errors.nome}
      />
      <TextField
        id={`${prefix}-whatsapp`}
        name="whatsapp"
        type="tel"
        label={t("admin.content.sellers.whatsapp")}
        hint={t("admin.content.sellers.whatsappHint")}
        defaultValue={seller?.whatsapp ?? ""}
        maxLength={30}
        error={errors.whatsapp}
      />
      <TextField
        id={`${prefix}-funcao_pt`}
        name="funcao_pt"
        label={t("admin.content.sellers.rolePt")}
        defaultValue={seller?.funcao_pt}
        required
        maxLength={120}
        error={errors.funcao_pt}
      />
      <TextField
        id={`${prefix}-funcao_es`}
        name="funcao_es"
        label={t("admin.content.sellers.roleEs")}
        defaultValue={seller?.funcao_es}
        required
        maxLength={120}
        error={errors.funcao_es}
      />
      <TextField
        id={`${prefix}-ordem`}
        name="ordem"
        type="number"
        min={0}
        max={100000}
        label={t("admin.content.order")}
        hint={t("admin.content.orderHint")}
        defaultValue={seller?.ordem ?? 0}
        error={errors.ordem}
      />
      <Check name="ativo" label={t("admin.content.active")} defaultChecked={seller?.ativo ?? true} />
    </>
  );
}

export function NewSeller() {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const form = useResetOnSuccess(fetcher);
  return (
    <fetcher.Form method="post" ref={form} className="grid gap-3 md:grid-cols-2" aria-label={t("admin.content.sellers.new")}>
      <CsrfField />
      <input type="hidden" name="intent" value="create" />
      <div className="md:col-span-2">
        <FormResult result={fetcher.data} />
      </div>
      <SellerFields prefix="new-seller" errors={fieldErrors(fetcher.data)} />
      <div className="md:col-span-2">
        <SubmitButton pending={fetcher.state !== "idle"} pendingLabel={t("admin.content.creating")}>
          {t("admin.content.create")}
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}

export function SellerItem({ seller }: { seller: AdminSeller }) {
  const { t } = useTranslation();
  const api = useStaffApi();
  const fetcher = useFetcher<ActionResult>();
  const photo = useFetcher<ActionResult>();
  return (
    <li data-testid="admin-seller">
      <details className="rounded-md border border-slate-200 p-3 open:bg-slate-50">
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 font-semibold">
          {seller.foto ? <img src={seller.foto} alt="" className="size-8 rounded-full object-cover" /> : null}
          <span className="break-all">{seller.nome}</span>
          <span className="text-xs font-normal text-muted">{seller.funcao_pt}</span>
          {seller.whatsapp ? <span className="font-mono text-xs font-normal">{seller.whatsapp}</span> : null}
          {seller.ativo ? null : <Badge>{t("admin.content.sellers.inactive")}</Badge>}
        </summary>
        <div className="mt-3 grid gap-4 lg:grid-cols-[1fr_auto]">
          <fetcher.Form method="post" className="grid gap-3 md:grid-cols-2" aria-label={t("admin.content.sellers.edit", { name: seller.nome })}>
            <CsrfField />
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={seller.id} />
            <div className="md:col-span-2">
              <FormResult result={fetcher.data} />
            </div>
            <SellerFields prefix={`seller-${seller.id}`} seller={seller} errors={fieldErrors(fetcher.data)} />
            <SaveOrDelete pending={fetcher.state !== "idle"} name={seller.nome} />
          </fetcher.Form>
          <section className="space-y-2">
            <ImageUpload
              id={`seller-photo-${seller.id}`}
              label={t("admin.content.sellers.photo")}
              image={seller.foto}
              alt={t("admin.content.sellers.photoAlt", { name: seller.nome })}
              field="foto"
              send={(body) => api("POST /api/admin/sellers/{id}/photo", { params: { id: seller.id }, body })}
            />
            {seller.foto ? (
              <photo.Form method="post">
                <FormResult result={photo.data} />
                <CsrfField />
                <input type="hidden" name="intent" value="remove-photo" />
                <input type="hidden" name="id" value={seller.id} />
                <button type="submit" className="min-h-11 rounded-md border border-red-300 px-3 text-sm font-semibold text-red-800 hover:bg-red-50">
                  {t("admin.content.sellers.removePhoto")}
                </button>
              </photo.Form>
            ) : null}
          </section>
        </div>
      </details>
    </li>
  );
}
