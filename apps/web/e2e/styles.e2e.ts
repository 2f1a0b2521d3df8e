import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const assets = path.resolve(import.meta.dirname, '../dist/assets');
const read = (ext: string) =>
  fs
    .readdirSync(assets)
    .filter((f) => f.endsWith(ext))
    .map((f) => fs.readFileSync(path.join(assets, f), 'utf8'))
    .join('\n');

describe('the built web app', () => {
  // Mantine's styles are imported per component (src/app/mantine-styles.ts): a component used for
  // the first time must bring its file, or it would show unstyled.
  it('has the styles of every Mantine class its code uses', () => {
    const mantineClass = /\bm_[0-9a-f]{8}\b/g;
    const used = new Set(read('.js').match(mantineClass));
    const styled = new Set(read('.css').match(mantineClass));
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((c) => !styled.has(c))).toEqual([]);
  });
});
