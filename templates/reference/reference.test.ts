/** The reference texts cite their documents, and the README lists every file of the folder. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REGULATIONS, REGULATION_TEXT_START, regulationFile, type RegulationFile } from './read-reference.js';

const files = Object.keys(REGULATIONS) as RegulationFile[];

describe('templates/reference', () => {
  it.each(files)('%s opens with a header citing its document number and title, then the text', (file) => {
    const { header, text } = regulationFile(file);
    const { number, title } = REGULATIONS[file];
    expect(header).toMatch(/^【来源】/);
    expect(header.split('\n')[0]).toContain(`《${title}》（${number}`);
    expect(header).toContain('【内容】');
    expect(header).not.toContain(REGULATION_TEXT_START);
    expect(text.length).toBeGreaterThan(20_000);
    expect(text).toContain(title.slice(0, 4));
  });

  it('lists every file of the folder in its README', () => {
    const readme = readFileSync(new URL('README.md', import.meta.url), 'utf8');
    const listed = [
      ...readdirSync(new URL('regulations/', import.meta.url)).map((f) => `regulations/${f}`),
      ...readdirSync(new URL('forms/', import.meta.url)).map((f) => `forms/${f}`),
    ];
    expect(listed.sort()).toEqual(
      [...files.map((f) => `regulations/${f}`), ...listed.filter((f) => f.startsWith('forms/'))].sort(),
    );
    for (const file of listed) {
      const named =
        readme.includes(`\`${file}\``) || (file.startsWith('forms/union-2021-') && readme.includes('`forms/union-2021-*.png`'));
      expect(named, file).toBe(true);
    }
  });
});
