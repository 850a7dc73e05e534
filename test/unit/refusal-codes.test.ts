/**
 * One vocabulary (issue 20): every refusal code is kebab-case — the table service's, the
 * hosting rules', and each game's. Checked twice: by the type checker over the code unions
 * (a snake_case or capitalised member makes `npm test`'s type check fail), and at run time
 * over the `code: '…'` literals in the sources of the wings that refuse (so a code written
 * outside those unions is caught too).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HostingRefusal } from '../../src/admin/settings.js';
import type { JaccuseErrorCode } from '../../src/games/jaccuse/rules.js';
import type { NoirErrorCode } from '../../src/games/noir/rules.js';
import type { PhantomErrorCode } from '../../src/games/phantom/rules.js';
import type { SuspicionErrorCode } from '../../src/games/suspicion/rules.js';
import type { HostingPatchProblem } from '../../src/persistence/store/types.js';
import type { ServiceError } from '../../src/tables/types.js';

/** The members of `C` that are not kebab-case (lower case words joined by '-'). */
type NotKebab<C extends string> = C extends `${string}_${string}` | `${string} ${string}` ? C : Lowercase<C> extends C ? never : C;
type AllCodes =
  | ServiceError['code']
  | HostingRefusal['code']
  | HostingPatchProblem['code']
  | SuspicionErrorCode
  | NoirErrorCode
  | PhantomErrorCode
  | JaccuseErrorCode;
/** `true` only when no code is outside kebab-case; otherwise this line does not type-check. */
const everyCodeIsKebab: [NotKebab<AllCodes>] extends [never] ? true : false = true;

const ROOT = resolve(import.meta.dirname, '../..');
/** The wings whose refusals players get answers for (the emulator's Discord codes are Discord's). */
const REFUSING = ['src/tables', 'src/admin', 'src/persistence', 'src/commands', 'src/discord', 'src/ratings', 'src/review', 'src/bots'];
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('refusal codes', () => {
  it('are kebab-case in every code union (type-checked)', () => {
    expect(everyCodeIsKebab).toBe(true);
  });

  it("are kebab-case wherever a refusing wing writes `code: '…'`", () => {
    const bad: string[] = [];
    for (const file of REFUSING.flatMap((dir) => sources(join(ROOT, dir)))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bcode: '([^']*)'/g)) {
        if (!KEBAB.test(match[1]!)) bad.push(`${relative(ROOT, file)}: ${match[1]}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
