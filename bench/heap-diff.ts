/**
 * What grew between two V8 heap snapshots (bench/run.ts `--heap-snapshots=DIR` writes one of the
 * product with all its open tables and one of the 8-table baseline): self size and count per
 * node type and constructor name, largest growth first, and per open table when `--per=N` (the
 * difference in open tables) is given.
 *
 * `npx tsx bench/heap-diff.ts BASE.heapsnapshot FULL.heapsnapshot [--per=992] [--top=30]`
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: (string[] | string)[] } };
  nodes: number[];
  strings: string[];
}

/** Self bytes and count per "type:name" (names of strings and numbers folded into their type). */
function tally(path: string): Map<string, { bytes: number; count: number }> {
  const snap = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0] as string[];
  const width = fields.length;
  const iType = fields.indexOf('type');
  const iName = fields.indexOf('name');
  const iSize = fields.indexOf('self_size');
  const out = new Map<string, { bytes: number; count: number }>();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + iType]!]!;
    const folded = type === 'string' || type === 'concatenated string' || type === 'sliced string' || type === 'number' || type === 'code' || type === 'hidden' || type === 'array';
    const key = folded ? type : `${type}:${snap.strings[snap.nodes[i + iName]!]}`;
    const e = out.get(key) ?? { bytes: 0, count: 0 };
    e.bytes += snap.nodes[i + iSize]!;
    e.count += 1;
    out.set(key, e);
  }
  return out;
}

const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith('--'));
if (files.length !== 2) throw new Error('usage: npx tsx bench/heap-diff.ts BASE.heapsnapshot FULL.heapsnapshot [--per=N] [--top=N]');
const opt = (name: string, d: number) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? d);
const per = opt('per', 1);
const top = opt('top', 30);
const base = tally(files[0]!);
const full = tally(files[1]!);
const rows = [...full.entries()].map(([k, v]) => {
  const b = base.get(k) ?? { bytes: 0, count: 0 };
  return { k, bytes: v.bytes - b.bytes, count: v.count - b.count };
});
rows.sort((a, b) => b.bytes - a.bytes);
const total = rows.reduce((s, r) => s + r.bytes, 0);
console.log(`grown: ${(total / 1024).toFixed(1)} KB in all, ${(total / per / 1024).toFixed(2)} KB per ${per === 1 ? 'snapshot' : 'open table'}`);
console.log('bytes/table  count/table  type:constructor');
for (const r of rows.slice(0, top)) console.log(`${(r.bytes / per).toFixed(0).padStart(11)}  ${(r.count / per).toFixed(2).padStart(11)}  ${r.k}`);
