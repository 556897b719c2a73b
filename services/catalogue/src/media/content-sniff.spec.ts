import { sniffContent, sniffForKind } from './content-sniff';

/** Minimal heads of real formats: what file-type needs to recognise them. */
const pdf = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1');
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
const mp4 = Buffer.concat([Buffer.from('0000001c667479706973366d0000020069736f6d69736f32617663316d703431', 'hex'), Buffer.alloc(64)]);
const webm = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102', 'hex');
const text = Buffer.from('Ceci est un simple fichier texte, renommé en video.mp4\n');

describe('content sniffing decides what a file is by its bytes', () => {
  it('recognises PDF, PNG, JPEG, MP4 and WebM', async () => {
    expect(await sniffContent(pdf)).toMatchObject({ mime: 'application/pdf', family: 'pdf' });
    expect(await sniffContent(png)).toMatchObject({ mime: 'image/png', family: 'image' });
    expect(await sniffContent(jpeg)).toMatchObject({ mime: 'image/jpeg', family: 'image' });
    expect(await sniffContent(mp4)).toMatchObject({ family: 'video' });
    expect(await sniffContent(webm)).toMatchObject({ mime: 'video/webm', family: 'video' });
  });

  it('accepts nothing it cannot recognise', async () => {
    expect(await sniffContent(text)).toBeNull();
    expect(await sniffContent(Buffer.alloc(0))).toBeNull();
  });

  it('refuses a PDF sent as a video and an image sent as a PDF', async () => {
    expect(await sniffForKind('VIDEO', pdf)).toBeNull();
    expect(await sniffForKind('PDF', png)).toBeNull();
    expect(await sniffForKind('THUMBNAIL', mp4)).toBeNull();
    expect(await sniffForKind('ILLUSTRATION', jpeg)).toMatchObject({ mime: 'image/jpeg' });
    expect(await sniffForKind('VIDEO', mp4)).toMatchObject({ family: 'video' });
  });
});
