/** A drawing of the shop front for the about page's history section (no photo is stored). */
export function ShopIllustration({ label, brand }: { label: string; brand: string }) {
  return (
    <svg viewBox="0 0 480 320" role="img" aria-label={label} className="h-auto w-full rounded-lg">
      <rect width="480" height="320" fill="#dbeafe" />
      <circle cx="400" cy="60" r="28" fill="#fde68a" />
      <rect x="40" y="90" width="400" height="200" fill="#1e293b" />
      <rect x="40" y="90" width="400" height="46" fill="#0b1220" />
      <text x="240" y="121" textAnchor="middle" fontFamily="Arial, sans-serif" fontWeight="700" fontSize="22" fill="#fbbf24">
        {brand}
      </text>
      <path d="M40 136h400v18H40z" fill="#f59e0b" />
      <path d="M40 154h400" stroke="#92400e" strokeWidth="2" />
      <rect x="66" y="176" width="130" height="90" fill="#bfdbfe" stroke="#94a3b8" strokeWidth="4" />
      <rect x="284" y="176" width="130" height="90" fill="#bfdbfe" stroke="#94a3b8" strokeWidth="4" />
      <rect x="206" y="170" width="68" height="120" fill="#475569" />
      <circle cx="262" cy="232" r="4" fill="#fbbf24" />
      <path d="M90 250l22-40 14 24 10-14 18 30z" fill="#f59e0b" />
      <path d="M310 252h80M318 236h64M326 220h48" stroke="#1e293b" strokeWidth="6" strokeLinecap="round" />
      <rect x="0" y="290" width="480" height="30" fill="#94a3b8" />
    </svg>
  );
}
