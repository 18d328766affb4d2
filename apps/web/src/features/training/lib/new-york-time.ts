import { TRAINING, completeTime, formatUtc } from '@vigil/contract';

// The date filter is typed and shown in New York time (part 2 §2, §9), whatever the browser's own zone.

const WALL = new Intl.DateTimeFormat('en-US', {
  timeZone: TRAINING.dateTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The wall clock in New York at an instant, as <input type="date"> and <input type="time" step="1"> hold it. */
export function toNewYorkInputs(at: string | number): { date: string; time: string } {
  const parts = Object.fromEntries(WALL.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

const wallMs = (at: number): number => {
  const { date, time } = toNewYorkInputs(at);
  return Date.parse(`${date}T${time}Z`);
};

/**
 * A New York date ('YYYY-MM-DD') and time ('HH:mm' or 'HH:mm:ss') as an ISO UTC instant; null when either is
 * incomplete. A wall time that a change of offset skips or repeats reads as one of the instants next to it.
 */
export function fromNewYorkInputs(date: string, time: string): string | null {
  const full = completeTime(time.trim());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date.trim()) || !/^\d{2}:\d{2}:\d{2}$/.test(full)) return null;
  const wanted = Date.parse(`${date.trim()}T${full}Z`);
  if (Number.isNaN(wanted)) return null;
  // The offset at a first guess, then again at the answer: two steps find it across a change of offset.
  let at = wanted - (wallMs(wanted) - wanted);
  at = wanted - (wallMs(at) - at);
  return formatUtc(new Date(at));
}
