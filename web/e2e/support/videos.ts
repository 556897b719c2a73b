import { graphql } from '../harness';

/** A demo video as the player tests need it. */
export interface DemoVideo {
  id: string;
  title: string;
  previewSeconds: number;
}

/**
 * A demo video once the pipeline made its streaming ladder (more than one rendition) and, unless
 * `preview: false`, its free preview (npm start's demo goes through the same pipeline). Asks the
 * gateway every 2 s, 4 minutes at most; a stack just started may drop a first connection, so a
 * failed request is asked again.
 */
export async function readyDemoVideo(opts: { preview?: boolean } = {}): Promise<DemoVideo> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const data = await graphql<{ videos: { items: Array<DemoVideo & { hasPreview: boolean; renditions: Array<{ name: string }> }> } }>(
      '{ videos(pageSize: 100) { items { id title previewSeconds hasPreview renditions { name } } } }',
    ).catch(() => null);
    const ready = data?.videos.items.find((v) => (v.hasPreview || opts.preview === false) && v.renditions.length > 1);
    if (ready) return { id: ready.id, title: ready.title, previewSeconds: ready.previewSeconds };
    if (Date.now() > deadline) throw new Error('no demo video got its streaming ladder within 4 minutes');
    await new Promise((r) => setTimeout(r, 2_000));
  }
}
