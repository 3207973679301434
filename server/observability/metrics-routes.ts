import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** Every request whose path no route knows shares this one label. */
export const UNMATCHED = "unmatched";

/**
 * The template of a storefront page's path ("/produto/:slug?"), from the React Router build's routes: the
 * pages share one Fastify route ("/*"), so without this every page would be one label. A path no page route
 * matches is UNMATCHED.
 */
export function pageTemplates(build: ServerBuild): (pathname: string) => string {
  type Route = NonNullable<ServerBuild["routes"][string]>;
  const byParent = new Map<string | undefined, Route[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((r) => (r.index ? { id: r.id, path: r.path, index: true } : { id: r.id, path: r.path, children: tree(r.id) }));
  const routes = tree(undefined);
  return (pathname) => {
    const matches = matchRoutes(routes, pathname);
    // A splat route (the "not found" page) would give every unknown path a label of its own.
    if (!matches || matches.some((m) => m.route.path?.includes("*"))) return UNMATCHED;
    const parts = matches.map((m) => m.route.path).filter((p): p is string => !!p && p !== "/");
    return `/${parts.join("/")}`;
  };
}
