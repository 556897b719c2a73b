import type { UploadTicket } from '../api/catalogue';
import { ServerMessageError, UploadCancelledError } from './errors';

/** The transfer failed without a word from the server (connection lost, storage unreachable). */
export class UploadTransferError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`upload failed with HTTP status ${status}`);
    this.name = 'UploadTransferError';
    this.status = status;
  }
}

/** The local storage route answers `{ "error": "<French message>" }`; S3/MinIO answers XML. */
function serverMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === 'string' && parsed.error.trim() ? parsed.error : null;
  } catch {
    return null;
  }
}

/**
 * PUTs the raw file to the signed URL with XMLHttpRequest, whose upload events give real
 * progress (fetch has none). Aborting `signal` aborts the request.
 */
export function putFile(
  ticket: UploadTicket,
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new UploadCancelledError());
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = (fn: () => void) => {
      signal.removeEventListener('abort', onAbort);
      fn();
    };
    xhr.open(ticket.method || 'PUT', ticket.url);
    for (const header of ticket.headers) xhr.setRequestHeader(header.name, header.value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () =>
      settle(() => {
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress(file.size, file.size);
          resolve();
          return;
        }
        const message = serverMessage(xhr.responseText);
        reject(message ? new ServerMessageError(message, 'file') : new UploadTransferError(xhr.status));
      });
    xhr.onerror = () => settle(() => reject(new UploadTransferError(0)));
    xhr.ontimeout = () => settle(() => reject(new UploadTransferError(0)));
    xhr.onabort = () => settle(() => reject(new UploadCancelledError()));
    signal.addEventListener('abort', onAbort, { once: true });
    xhr.send(file);
  });
}
