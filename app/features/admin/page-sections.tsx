import type { ReactNode } from "react";
import { Panel } from "./admin-shell.tsx";
import { usePostedAnswerOf } from "./form-answer.ts";

/**
 * A long back-office page in named sections (pages, delivery): the links that jump to each, each section a
 * panel under its heading, and the folded form that adds a record to a section's list.
 */

export interface PageSection {
  /** The section's anchor, also the start of its heading's id. */
  id: string;
  title: string;
}

/** The links to the page's sections, big enough for a finger. */
export function SectionLinks({ label, sections }: { label: string; sections: PageSection[] }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2 text-sm font-semibold">
        {sections.map((s) => (
          <li key={s.id}>
            <a href={`#${s.id}`} className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 hover:bg-slate-50">
              {s.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One section: a panel named by its heading, with an optional hint under it; `after` stands below the panel. */
export function Section({ section, hint, after, children }: { section: PageSection; hint?: string; after?: ReactNode; children: ReactNode }) {
  const headingId = `${section.id}-title`;
  return (
    <section id={section.id} aria-labelledby={headingId} className={after ? "space-y-4" : undefined}>
      <Panel>
        <h2 id={headingId} className={`text-lg font-bold ${hint ? "" : "mb-3"}`}>
          {section.title}
        </h2>
        {hint ? <p className="mb-3 text-sm text-muted">{hint}</p> : null}
        {children}
      </Panel>
      {after}
    </section>
  );
}

/**
 * The form that adds a record, folded under its summary below the list; open when the page answers a
 * script-less post of its form (its `intent`), so the answer is seen.
 */
export function AddNew({ summary, intent, children }: { summary: string; intent: string; children: ReactNode }) {
  const answered = usePostedAnswerOf(intent) !== undefined;
  return (
    <details className="mt-3 rounded-md border border-dashed border-slate-300 p-3" open={answered || undefined}>
      <summary className="cursor-pointer font-semibold">{summary}</summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}
