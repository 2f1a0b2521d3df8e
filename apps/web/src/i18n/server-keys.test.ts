import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { en } from './en.js';

/** The source files of a package (not its tests). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((f) => f.isFile() && f.name.endsWith('.ts') && !f.name.includes('.test.'))
    .map((f) => readFileSync(join(f.parentPath, f.name), 'utf8'));
}

const root = join(import.meta.dirname, '../../../..');

/**
 * Every i18n key a refusal can carry: `key: '…'` (and a helper's default key, `key = '…'`), or the
 * key after the message in `badRequest(…, '…')` and its kin. Keys are dotted; other `key`s are not.
 */
function refusalKeys(): Set<string> {
  const keys = new Set<string>();
  const code = [...sources(join(root, 'apps/server/src')), ...sources(join(root, 'packages/domain/src'))].join('\n');
  for (const m of code.matchAll(/\bkey(?::| =) '([\w-]+\.[\w.-]+)'/g)) keys.add(m[1] as string);
  for (const m of code.matchAll(/\b(?:badRequest|notFound|conflict|forbidden)\([^;]*?, '([\w-]+\.[\w.-]+)'\)/g))
    keys.add(m[1] as string);
  return keys;
}

it('has a text for every key a refusal of the server or the domain carries (the Chinese one is typed alike)', () => {
  const keys = refusalKeys();
  expect(keys.size).toBeGreaterThan(60);
  expect(keys).toContain('common.notExist');
  expect(keys).toContain('transfer.sameWallet');
  const missing = [...keys].filter((key) => !(key in en));
  expect(missing).toEqual([]);
});
