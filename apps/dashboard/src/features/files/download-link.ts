/**
 * Starts a browser download of `url`. The core answers with `Content-Disposition: attachment`, so
 * following a link saves the file and leaves the dashboard where it is (no new tab to block).
 */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
