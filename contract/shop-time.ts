/** The shop's clock: Ciudad del Este. A time typed without its offset (a form's date and time) is read here. */
export const SHOP_TIME_ZONE = "America/Asuncion";

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** The shop's wall clock at `ms`, as the numbers of a UTC date (what the zone's offset is measured against). */
function wallClock(ms: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
}

/**
 * A time a form sent: "2026-12-24T18:00" is the shop's local time; a full ISO time with "Z" or an offset
 * is taken as it says. Undefined for anything else, or a day that does not exist (31 February).
 */
export function parseShopTime(text: string): Date | undefined {
  const local = LOCAL.exec(text);
  if (local) {
    const [y, mo, d, h, mi, s] = local.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
    const guess = Date.UTC(y, mo - 1, d, h, mi, s);
    const check = new Date(guess);
    if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
    // The offset at the guessed instant, then again at the corrected one (a change of the zone's rules between them).
    const first = guess - (wallClock(guess) - guess);
    return new Date(guess - (wallClock(first) - first));
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A time as a form's `datetime-local` field (with `step` 1) shows it, on the shop's clock ("2026-12-24T18:00:00"). */
export function shopLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return "";
  return new Date(wallClock(ms)).toISOString().slice(0, 19);
}
