import { Link } from "react-router";

interface Step {
  to: string;
  label: string;
}

/**
 * Previous and next around a list's page, with where the reader is in between; a step that does not
 * exist leaves its place empty so the others stay put.
 */
export function Pager({ label, status, previous, next }: { label: string; status: string; previous?: Step; next?: Step }) {
  const step = (s: Step | undefined) =>
    s ? (
      <Link to={s.to} className="font-semibold underline">
        {s.label}
      </Link>
    ) : (
      <span />
    );
  return (
    <nav className="mt-4 flex items-center justify-between gap-3 text-sm" aria-label={label}>
      {step(previous)}
      <span className="text-muted">{status}</span>
      {step(next)}
    </nav>
  );
}
