/** Spec §9: at most 12 related products; the carousel shows 5 per page on desktop. */
export const RELATED_LIMIT = 12;
export const RELATED_PER_PAGE = 5;

/** Number of carousel pages for `count` items. */
export const pageCount = (count: number, perPage = RELATED_PER_PAGE) => Math.max(1, Math.ceil(count / perPage));
