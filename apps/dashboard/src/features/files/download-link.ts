/** How long a download frame stays in the page: long enough for a slow core to start the response. */
export const DOWNLOAD_FRAME_LIFETIME_MS = 120_000;

/**
 * Starts a browser download of `url`. The core answers with `Content-Disposition: attachment`, so
 * the response becomes a download and the dashboard stays where it is.
 *
 * Each download gets its own hidden frame. Following a link in the page itself would be one
 * navigation: a second download started before the first one's response arrived (a zipped folder
 * next to a small file) would cancel the first, and the user would get one file of two.
 */
export function startDownload(url: string): void {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  frame.src = url;
  document.body.append(frame);
  // Once the response has turned into a download the browser owns it; the frame is only litter.
  setTimeout(() => frame.remove(), DOWNLOAD_FRAME_LIFETIME_MS);
}
