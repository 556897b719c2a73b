import { useApolloClient } from '@/data/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type UploadKind, type UploadTicket } from '../api/catalogue';
import { resultOf, UploadCancelledError } from './errors';
import { fileType } from './files';
import { putFile } from './put-file';
import CREATE_UPLOAD from '../api/create-upload.mutation.graphql';

export type UploadStatus = 'waiting' | 'uploading' | 'done';

export interface FileProgress {
  key: string;
  name: string;
  size: number;
  sent: number;
  status: UploadStatus;
}

export interface UploadRequest<K extends string> {
  key: K;
  kind: UploadKind;
  file: File;
}

/**
 * Sends a form's files straight to storage: one ticket per file from `createUpload`, then the
 * bytes with real progress. Every ticket is asked for first, so a file the server refuses on its
 * declared type or size is reported before a single byte leaves a slow connection; then the files
 * go one after the other, smallest first (images before the long video transfer).
 */
export function useFileUploads() {
  const client = useApolloClient();
  const [progress, setProgress] = useState<FileProgress[]>([]);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page stops a transfer nobody is waiting for.
  useEffect(() => () => controller.current?.abort(), []);

  const update = useCallback((key: string, patch: Partial<FileProgress>) => {
    setProgress((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  }, []);

  const upload = useCallback(
    async <K extends string>(requests: Array<UploadRequest<K>>): Promise<Partial<Record<K, string>>> => {
      const run = new AbortController();
      controller.current = run;
      setProgress(requests.map(({ key, file }) => ({ key, name: file.name, size: file.size, sent: 0, status: 'waiting' })));

      const tickets = new Map<K, UploadTicket>();
      for (const { key, kind, file } of requests) {
        const { data } = await client.mutate({
          mutation: CREATE_UPLOAD,
          variables: { input: { kind, fileName: file.name, contentType: fileType(file), size: file.size } },
          fetchPolicy: 'no-cache',
        });
        const result = resultOf(data, 'createUpload');
        if (!result.upload) throw new Error('createUpload returned no ticket');
        tickets.set(key, result.upload);
        if (run.signal.aborted) throw new UploadCancelledError();
      }

      const ids: Partial<Record<K, string>> = {};
      for (const { key, file } of [...requests].sort((a, b) => a.file.size - b.file.size)) {
        const ticket = tickets.get(key)!;
        update(key, { status: 'uploading' });
        await putFile(ticket, file, (sent) => update(key, { sent }), run.signal);
        update(key, { status: 'done', sent: file.size });
        ids[key] = ticket.uploadId;
      }
      return ids;
    },
    [client, update],
  );

  /** Aborts the transfer under way; the submission then stops and nothing is created. */
  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => setProgress([]), []);

  return { progress, upload, cancel, reset };
}
