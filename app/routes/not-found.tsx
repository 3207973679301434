import { data } from "react-router";
import { pageMeta } from "#app/lib/meta.ts";

/** Any address no other route matches: a real 404 status, drawn by the root ErrorBoundary. */
export function loader() {
  throw data(null, { status: 404 });
}

export const meta = pageMeta("notFound");

export default function NotFoundRoute() {
  return null;
}
