import type { ReactNode } from "react";

/** The panel a form sits in. */
export function FormCard({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-lg border border-slate-200 bg-panel p-5 shadow-sm md:p-6 ${className}`}>{children}</div>;
}

/**
 * A page that is one narrow form (login, password recovery and reset, e-mail confirmation): the
 * page title, an optional introduction, and the form's card.
 */
export function FormPage({ title, intro, children }: { title: ReactNode; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-md px-4 py-10 md:py-16">
      <h1 id="page-title" className="text-2xl font-bold md:text-3xl">
        {title}
      </h1>
      {intro ? <p className="mt-2 text-muted">{intro}</p> : null}
      <FormCard className="mt-6">{children}</FormCard>
    </section>
  );
}
