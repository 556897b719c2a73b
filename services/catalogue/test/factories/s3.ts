import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** An S3 server of the test's own (s3rver, its built-in credentials), storing in a temporary folder. */
export interface LocalS3 {
  /** What the catalogue's S3 settings (and a MinioStore) take. */
  config: { endpoint: string; accessKey: string; secretKey: string };
  /** The server's folder, removed by close(). */
  dir: string;
  close(): Promise<void>;
}

export async function startLocalS3(label: string): Promise<LocalS3> {
  const dir = await mkdtemp(join(tmpdir(), `lbf-s3rver-${label}-`));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
  const { port } = await server.run();
  return {
    config: { endpoint: `http://127.0.0.1:${port}`, accessKey: 'S3RVER', secretKey: 'S3RVER' },
    dir,
    async close() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
