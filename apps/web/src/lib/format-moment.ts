const momentFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A detection's moment in the browser's time zone, e.g. 'Mar 4, 2026, 5:06 AM'. */
export const formatMoment = (ms: number): string => momentFormat.format(ms);
