import { startTimeout } from './timers';

/** Hands a file fetched into memory to the browser's downloads under the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL is freed a moment later.
  startTimeout(() => URL.revokeObjectURL(url), 1_000);
}
