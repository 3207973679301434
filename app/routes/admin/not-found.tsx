import { data } from "react-router";

/** An address under /admin that names no page: the layout's error page, inside the frame. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
