import { parseInput } from '@lbf/service-kit';
import { createPdfInput, createVideoInput, updateVideoInput } from './inputs';

const uploadId = '0b7f3c52-6a1e-4d7e-9a51-1f0c2b3d4e5f';

describe('video form input', () => {
  it('requires a title and a video file, with the spec message', () => {
    expect(parseInput(createVideoInput, { title: '   ', videoUploadId: uploadId, category: 'health' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', message: 'Le titre et le fichier vidéo sont obligatoires.', field: 'title' },
    });
    expect(parseInput(createVideoInput, { title: 'Titre', category: 'health' })).toMatchObject({
      ok: false,
      error: { message: 'Le titre et le fichier vidéo sont obligatoires.', field: 'videoUploadId' },
    });
  });

  it('takes an optional whole number of seconds and a decimal price', () => {
    const ok = parseInput(createVideoInput, { title: ' Titre ', videoUploadId: uploadId, category: 'sleep', price: '4,99', durationSeconds: 930 });
    expect(ok).toMatchObject({ ok: true, value: { title: 'Titre', price: 499, durationSeconds: 930, description: '', learnItems: [] } });
    expect(parseInput(createVideoInput, { title: 'T', videoUploadId: uploadId, category: 'sleep', durationSeconds: 1.5 })).toMatchObject({
      ok: false,
      error: { message: 'La durée doit être un nombre entier de secondes.', field: 'durationSeconds' },
    });
    expect(parseInput(createVideoInput, { title: 'T', videoUploadId: uploadId, category: 'sleep', price: '-3' })).toMatchObject({
      ok: false,
      error: { field: 'price' },
    });
  });

  it('leaves absent fields of an edit unchanged and clears a description sent as null', () => {
    expect(parseInput(updateVideoInput, { title: 'Nouveau' })).toEqual({ ok: true, value: { title: 'Nouveau' } });
    expect(parseInput(updateVideoInput, { description: null })).toEqual({ ok: true, value: { description: '' } });
  });
});

describe('PDF form input', () => {
  it('requires a title and a PDF file, with the spec message', () => {
    expect(parseInput(createPdfInput, { title: '', fileUploadId: uploadId, category: 'nutrition' })).toMatchObject({
      ok: false,
      error: { message: 'Le titre et le fichier PDF sont obligatoires.' },
    });
  });
});
