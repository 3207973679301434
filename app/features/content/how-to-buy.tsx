import { pageText, type PageTexts } from "#contract/page-texts.ts";

const STEPS = {
  brazil: ["choose", "account", "pay", "pickup"],
  paraguay: ["choose", "account", "delivery", "pay"],
} as const;

/** One audience's numbered steps: Brazilians pay in dollars and pick up; Paraguay gets deliveries. */
export function AudienceSteps({ audience, texts, brand }: { audience: "brazil" | "paraguay"; texts: Partial<PageTexts>; brand: string }) {
  const titleId = `how-to-buy-${audience}`;
  return (
    <section aria-labelledby={titleId} className="rounded-lg bg-panel p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={titleId} className="text-xl font-bold">
        {pageText(texts, `howToBuy.${audience}Title`, brand)}
      </h2>
      <p className="mt-1 text-muted">{pageText(texts, `howToBuy.${audience}Intro`, brand)}</p>
      <ol className="mt-4 space-y-3">
        {STEPS[audience].map((step, index) => (
          <li key={step} className="flex gap-3">
            <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent font-bold text-ink">
              {index + 1}
            </span>
            <p className="pt-1">
              {audience === "brazil"
                ? pageText(texts, `howToBuy.brazilSteps.${step as (typeof STEPS)["brazil"][number]}`, brand)
                : pageText(texts, `howToBuy.paraguaySteps.${step as (typeof STEPS)["paraguay"][number]}`, brand)}
            </p>
          </li>
        ))}
      </ol>
      {audience === "brazil" && (
        <p className="mt-4 rounded-md border-l-4 border-accent bg-amber-50 p-3 text-sm text-amber-950">
          {pageText(texts, "howToBuy.brazilNotice", brand)}
        </p>
      )}
    </section>
  );
}
