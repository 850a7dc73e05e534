/**
 * The connection's statement cache (src/persistence/db.ts `cacheStatements`): the same SQL
 * text gets the same compiled statement, handed out as a fresh one would be (raw mode off),
 * and the cache holds at most its size, dropping the least recently used first.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cacheStatements } from '../../src/persistence/db.js';

describe('cacheStatements', () => {
  it('reuses a compiled statement per SQL text, raw mode reset, least recently used dropped first', () => {
    const sqlite = new Database(':memory:');
    try {
      cacheStatements(sqlite, 2);
      sqlite.prepare('CREATE TABLE t (a INTEGER, b TEXT)').run();
      sqlite.prepare('INSERT INTO t VALUES (?, ?)').run(1, 'one');
      const select = sqlite.prepare('SELECT a, b FROM t');
      expect(select.raw().get()).toEqual([1, 'one']);
      const again = sqlite.prepare('SELECT a, b FROM t');
      expect(again).toBe(select);
      expect(again.get()).toEqual({ a: 1, b: 'one' });
      // A new text pushes out the least recently used (the insert): the select stays.
      sqlite.prepare('SELECT b FROM t');
      expect(sqlite.prepare('SELECT a, b FROM t')).toBe(select);
      // Two more new texts push out 'SELECT b', then the select.
      sqlite.prepare('SELECT a FROM t');
      sqlite.prepare('SELECT a + 1 FROM t');
      expect(sqlite.prepare('SELECT a, b FROM t')).not.toBe(select);
    } finally {
      sqlite.close();
    }
  });
});
