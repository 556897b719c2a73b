/** Saves text the page already holds (a CSV export) under a fixed name, without a round trip. */
export function saveTextFile(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Some browsers read the blob after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
  }
}

/**
 * Opens a tab at once, while the click still counts as the user's gesture (popup blockers refuse
 * window.open after an await), and points it at the signed URL once the server has given one.
 */
export function openPendingTab(): { go(url: string): void; cancel(): void } {
  const tab = window.open('', '_blank');
  return {
    go(url) {
      const absolute = new URL(url, window.location.href).href;
      if (!tab || tab.closed) {
        window.open(absolute, '_blank', 'noopener');
        return;
      }
      tab.opener = null;
      tab.location.href = absolute;
    },
    cancel() {
      tab?.close();
    },
  };
}

/** Starts a download of a signed URL (served with Content-Disposition: attachment). */
export function downloadUrl(url: string): void {
  const link = document.createElement('a');
  link.href = new URL(url, window.location.href).href;
  link.download = '';
  link.target = '_blank';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** What the file input reports as the file's type ('' when the browser does not know). */
export function fileType(file: File): string {
  return file.type.split(';')[0]!.trim().toLowerCase();
}
