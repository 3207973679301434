import type { SVGProps } from "react";
import { CATEGORY_ICON_PATHS, isCategoryIcon, type CategoryIconName } from "#contract/category-icons.ts";

// Spec §2 "Home, mobile": category cards carry an icon chosen by slug (or by the back office); any other slug gets a tag.
const hasCategoryIcon = (slug: string): slug is CategoryIconName => isCategoryIcon(slug) && slug !== "tag";

export function CategoryIcon({ slug, ...props }: { slug: string } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={hasCategoryIcon(slug) ? slug : "tag"}
      {...props}
      // The drawings are the store's own constants (contract/category-icons.ts), never input.
      dangerouslySetInnerHTML={{ __html: CATEGORY_ICON_PATHS[hasCategoryIcon(slug) ? slug : "tag"] }}
    />
  );
}
