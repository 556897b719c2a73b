import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zip } from './zip';

describe('the data export’s ZIP archive', () => {
  it('is read back by Info-ZIP’s unzip, contents as written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lbf-zip-'));
    try {
      const file = join(dir, 'export.zip');
      const json = Buffer.from(JSON.stringify({ prénom: 'Zénaïde' }, null, 2));
      const pdf = Buffer.from('%PDF-1.7\n'.repeat(500));
      writeFileSync(file, zip([{ name: 'identity/donnees.json', content: json }, { name: 'commerce/recus/recu-LBF-1.pdf', content: pdf }, { name: 'vide.txt', content: Buffer.alloc(0) }]));
      expect(execFileSync('unzip', ['-t', file]).toString()).toMatch(/No errors detected/);
      expect(execFileSync('unzip', ['-p', file, 'identity/donnees.json'])).toEqual(json);
      expect(execFileSync('unzip', ['-p', file, 'commerce/recus/recu-LBF-1.pdf'])).toEqual(pdf);
      expect(execFileSync('unzip', ['-Z1', file]).toString().trim().split('\n')).toEqual(['identity/donnees.json', 'commerce/recus/recu-LBF-1.pdf', 'vide.txt']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
