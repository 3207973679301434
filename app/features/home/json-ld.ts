import type { SiteInfo } from "#contract/site.ts";

/** schema.org Organization and WebSite for the home page (the search box as a SearchAction). */
export function homeJsonLd(site: SiteInfo, language: string, place: { locality: string; region: string }) {
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.brandName,
    url: `${site.origin}/`,
    email: site.email,
    telephone: site.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address,
      addressLocality: place.locality,
      addressRegion: place.region,
      addressCountry: "PY",
    },
    contactPoint: {
      "@type": "ContactPoint",
      telephone: site.phone,
      email: site.email,
      contactType: "sales",
      availableLanguage: ["pt-BR", "es"],
    },
  };
  const website = {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: site.brandName,
    url: `${site.origin}/`,
    inLanguage: language,
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${site.origin}/produtos?text={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
  return [organization, website];
}
