/** The viewer's date and time inputs work in the browser's local time; URLs and API calls use UTC. */
const pad = (n: number): string => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' in local time, as an <input type="date"> holds it. */
export const toDateInput = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** 'HH:mm:ss' in local time, as an <input type="time" step="1"> holds it. */
export const toTimeInput = (date: Date): string => `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;

/** 'YYYY-MM-DDTHH:mm' in local time, as an <input type="datetime-local"> holds it. */
export const toDateTimeInput = (date: Date): string => `${toDateInput(date)}T${toTimeInput(date).slice(0, 5)}`;

/** A local date and time ('HH:mm' or 'HH:mm:ss') back to an instant; null when either is incomplete. */
export function fromDateAndTime(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(time);
  if (!d || !t) return null;
  const result = new Date(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), Number(t[3] ?? 0));
  return Number.isNaN(result.getTime()) ? null : result;
}

/** 'YYYY-MM-DDTHH:mm[:ss]' (datetime-local) to an instant; null when incomplete. */
export function fromDateTimeInput(value: string): Date | null {
  const [date = '', time = ''] = value.split('T');
  return fromDateAndTime(date, time);
}
