import type { Locale } from "#contract/locale.ts";

// Drawn flags rather than emoji: emoji flags need a colour-emoji font that many systems lack.
const common = { width: 24, height: 16, viewBox: "0 0 24 16", "aria-hidden": true, focusable: false } as const;

function BrazilFlag() {
  return (
    <svg {...common}>
      <rect width="24" height="16" fill="#009c3b" />
      <path d="M12 2 22 8 12 14 2 8Z" fill="#ffdf00" />
      <circle cx="12" cy="8" r="3.4" fill="#002776" />
    </svg>
  );
}

function ArgentinaFlag() {
  return (
    <svg {...common}>
      <rect width="24" height="16" fill="#74acdf" />
      <rect y="5.33" width="24" height="5.34" fill="#fff" />
      <circle cx="12" cy="8" r="1.6" fill="#f6b40e" />
    </svg>
  );
}

function ParaguayFlag() {
  return (
    <svg {...common}>
      <rect width="24" height="16" fill="#0038a8" />
      <rect width="24" height="10.67" fill="#fff" />
      <rect width="24" height="5.33" fill="#d52b1e" />
      <circle cx="12" cy="8" r="1.5" fill="none" stroke="#0038a8" strokeWidth="0.6" />
    </svg>
  );
}

const FLAGS: Record<Locale, () => React.JSX.Element> = {
  "pt-BR": BrazilFlag,
  "es-AR": ArgentinaFlag,
  "es-PY": ParaguayFlag,
};

export function Flag({ locale, className }: { locale: Locale; className?: string }) {
  const Drawn = FLAGS[locale];
  return (
    <span className={`inline-flex shrink-0 overflow-hidden rounded-[2px] ring-1 ring-black/20 ${className ?? ""}`}>
      <Drawn />
    </span>
  );
}
