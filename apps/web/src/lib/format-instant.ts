const instant = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Month, day and time to the second in the browser's locale and zone: the timeline's hover label, event and camera times. */
export const formatTimelineInstant = (t: number): string => instant.format(t);
