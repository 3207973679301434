import { useFetcher } from "react-router";
import type { AdminSeller } from "#contract/api/admin/content.ts";
import { TextField } from "#app/components/form/fields.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { EditItemForm, ItemDetails, NewItemForm } from "#app/features/admin/item-forms.tsx";
import { RemovePicture } from "#app/features/admin/image-file.tsx";
import { useStaffApi } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { ImageUpload } from "./image-upload.tsx";
import { PlaceFields } from "./place-fields.tsx";
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
      <PlaceFields prefix={prefix} record={seller} errors={errors} />
    </>
  );
}

export function NewSeller() {
  const { t } = useTranslation();
  return (
    <NewItemForm
      label={t("admin.content.sellers.new")}
      submit={t("admin.content.create")}
      pendingLabel={t("admin.content.creating")}
      fields={(errors) => <SellerFields prefix="new-seller" errors={errors} />}
    />
  );
}

export function SellerItem({ seller }: { seller: AdminSeller }) {
  const { t } = useTranslation();
  const api = useStaffApi();
  const photo = useFetcher<ActionResult>();
  return (
    <ItemDetails
      testId="admin-seller"
      id={seller.id}
      summary={
        <>
          {seller.foto ? <img src={seller.foto} alt="" className="size-8 rounded-full object-cover" /> : null}
          <span className="break-all">{seller.nome}</span>
          <span className="text-xs font-normal text-muted">{seller.funcao_pt}</span>
          {seller.whatsapp ? <span className="font-mono text-xs font-normal">{seller.whatsapp}</span> : null}
          {seller.ativo ? null : <Badge>{t("admin.content.sellers.inactive")}</Badge>}
        </>
      }
      aside={
        <section className="space-y-2">
          <ImageUpload
            id={`seller-photo-${seller.id}`}
            label={t("admin.content.sellers.photo")}
            image={seller.foto}
            alt={t("admin.content.sellers.photoAlt", { name: seller.nome })}
            field="foto"
            post={{ intent: "photo", id: seller.id }}
            send={(body) => api("POST /api/admin/sellers/{id}/photo", { params: { id: seller.id }, body })}
          />
          {seller.foto ? (
            <RemovePicture fetcher={photo} intent="remove-photo" id={seller.id} label={t("admin.content.sellers.removePhoto")}>
              <FormResult result={photo.data} />
            </RemovePicture>
          ) : null}
        </section>
      }
    >
      <EditItemForm
        id={seller.id}
        label={t("admin.content.sellers.edit", { name: seller.nome })}
        name={seller.nome}
        fields={(errors) => <SellerFields prefix={`seller-${seller.id}`} seller={seller} errors={errors} />}
      />
    </ItemDetails>
  );
}
