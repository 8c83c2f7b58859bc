/**
 * Dubai time: UTC+4 all year (the UAE keeps no daylight saving). The admin types dates and times as
 * they read them on a Dubai clock (`YYYY-MM-DDTHH:mm`); the server stores the instant.
 */
export const DUBAI_OFFSET_MS = 4 * 60 * 60_000;

/** A `datetime-local` value, minutes precision: `YYYY-MM-DDTHH:mm`. */
export const DUBAI_LOCAL_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;

/** The instant a Dubai wall-clock time names, or null when `local` is not a real date and time. */
export function dubaiLocalToDate(local: string): Date | null {
  if (!DUBAI_LOCAL_PATTERN.test(local)) return null;
  const date = new Date(`${local}:00.000+04:00`);
  // 31 February and the like roll over into another day: refused, not moved.
  if (Number.isNaN(date.getTime()) || dateToDubaiLocal(date) !== local) return null;
  return date;
}

/** The Dubai wall-clock time of an instant, as `YYYY-MM-DDTHH:mm` (seconds dropped). */
export function dateToDubaiLocal(date: Date): string {
  return new Date(date.getTime() + DUBAI_OFFSET_MS).toISOString().slice(0, 16);
}
