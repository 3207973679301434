import { redirect } from "react-router";

/** /perfil opens on the first section. */
export function loader() {
  throw redirect("/perfil/dados-pessoais");
}

export default function ProfileIndexRoute() {
  return null;
}
