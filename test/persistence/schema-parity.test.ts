/**
 * The two schemas stay one schema: every schema change ships both migrations (SQLite in
 * drizzle/, PostgreSQL in drizzle-pg/). Three comparisons, each failing on its own kind of
 * drift:
 * 1. the drizzle definitions (src/persistence/schema.ts vs src/persistence/pg/schema.ts):
 *    tables, columns, mapped types, nullability, defaults, keys, indexes, foreign keys;
 * 2. a database migrated from drizzle/ against the SQLite definition (a change without its
 *    SQLite migration);
 * 3. a real PostgreSQL database migrated from drizzle-pg/ against the same logical schema
 *    (a change without its PostgreSQL migration).
 * Type mapping (documented in src/persistence/pg/schema.ts): Unix ms columns (`at`, `*_at`)
 * and `seed` → bigint, other integers → integer, booleans → boolean, JSON text → json,
 * real → double precision, text → text COLLATE "C".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getTableConfig as pgTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { PgDialect } from 'drizzle-orm/pg-core';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { is, SQL } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/persistence/pg/open.js';
import * as pgSchema from '../../src/persistence/pg/schema.js';
import { openDatabase } from '../../src/persistence/db.js';
import * as sqliteSchema from '../../src/persistence/schema.js';
import { describePostgres } from '../support/postgres.js';

/** Logical column types, the same on both backends. */
type Logical = 'integer' | 'epoch-ms' | 'boolean' | 'json' | 'double' | 'text';

interface Column {
  type: Logical;
  notNull: boolean;
  hasDefault: boolean;
  /** Filled in by the database (SQLite AUTOINCREMENT key, PostgreSQL identity). */
  generated: boolean;
}
interface Index {
  columns: string[];
  unique: boolean;
  /** Literals and column names of a partial index's predicate, sorted (empty = not partial). */
  predicate: string[];
}
interface Table {
  columns: Record<string, Column>;
  primaryKey: string[];
  indexes: Record<string, Index>;
  foreignKeys: string[];
}
type Schema = Record<string, Table>;

/** Integer columns holding Unix ms (or the 32-bit+ seed): bigint on PostgreSQL. */
const isEpochMs = (name: string) => name === 'at' || name.endsWith('_at') || name === 'seed';

/** Words and quoted literals of an index predicate, sorted: `status in ('lobby', 'active')` → [active, lobby, status]. */
function predicateTokens(text: string | null | undefined): string[] {
  if (!text) return [];
  const literals = [...text.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
  const words = text
    .replace(/'[^']*'/g, ' ')
    .replace(/::\w+(\[\])?/g, ' ')
    .split(/[^a-z_]+/i)
    .filter((w) => w && !/^(in|any|array|and|or|text|where|is|not|null)$/i.test(w));
  return [...new Set([...literals, ...words.map((w) => w.toLowerCase())])].sort();
}

function sqliteLogical(columnType: string, name: string): Logical {
  switch (columnType) {
    case 'SQLiteBoolean':
      return 'boolean';
    case 'SQLiteTextJson':
      return 'json';
    case 'SQLiteReal':
      return 'double';
    case 'SQLiteText':
      return 'text';
    case 'SQLiteInteger':
      return isEpochMs(name) ? 'epoch-ms' : 'integer';
    default:
      throw new Error(`unmapped SQLite column type ${columnType} (${name})`);
  }
}

function pgLogical(columnType: string, sqlType: string, name: string): Logical {
  if (columnType === 'PgBigInt53') return 'epoch-ms';
  if (columnType === 'PgInteger') return 'integer';
  if (columnType === 'PgBoolean') return 'boolean';
  if (columnType === 'PgJson') return 'json';
  if (columnType === 'PgDoublePrecision') return 'double';
  if (columnType === 'PgCustomColumn' && sqlType === 'text COLLATE "C"') return 'text';
  throw new Error(`unmapped PostgreSQL column type ${columnType} ${sqlType} (${name})`);
}

const sqliteDialect = new SQLiteSyncDialect();
const pgDialect = new PgDialect();

function fromSqliteDefinitions(): Schema {
  const out: Schema = {};
  for (const value of Object.values(sqliteSchema)) {
    if (typeof value !== 'object' || value === null || !('getSQL' in value)) continue;
    const config = sqliteTableConfig(value as SQLiteTable);
    const columns: Record<string, Column> = {};
    for (const c of config.columns) {
      const generated = (c as { autoIncrement?: boolean }).autoIncrement === true;
      columns[c.name] = { type: sqliteLogical(c.columnType, c.name), notNull: c.notNull, hasDefault: c.hasDefault && !generated, generated };
    }
    const pk = config.primaryKeys[0]?.columns.map((c) => c.name) ?? config.columns.filter((c) => c.primary).map((c) => c.name);
    const indexes: Record<string, Index> = {};
    for (const i of config.indexes) {
      indexes[i.config.name] = {
        columns: i.config.columns.map((c) => (c as { name: string }).name),
        unique: i.config.unique,
        predicate: predicateTokens(i.config.where ? sqliteDialect.sqlToQuery(i.config.where).sql : null),
      };
    }
    const foreignKeys = config.foreignKeys.map((fk) => {
      const ref = fk.reference();
      return `${ref.columns.map((c) => c.name).join(',')} → ${sqliteTableConfig(ref.foreignTable).name}(${ref.foreignColumns.map((c) => c.name).join(',')}) on delete ${fk.onDelete ?? 'no action'}`;
    });
    out[config.name] = { columns, primaryKey: pk, indexes, foreignKeys };
  }
  return out;
}

function fromPgDefinitions(): Schema {
  const out: Schema = {};
  for (const value of Object.values(pgSchema)) {
    if (typeof value !== 'object' || value === null || !('getSQL' in value)) continue;
    const config = pgTableConfig(value as PgTable);
    const columns: Record<string, Column> = {};
    for (const c of config.columns) {
      // An identity column is the PostgreSQL spelling of SQLite's AUTOINCREMENT key.
      const generated = Boolean((c as { generatedIdentity?: unknown }).generatedIdentity);
      columns[c.name] = { type: pgLogical(c.columnType, c.getSQLType(), c.name), notNull: c.notNull, hasDefault: c.hasDefault && !generated, generated };
    }
    const pk = config.primaryKeys[0]?.columns.map((c) => c.name) ?? config.columns.filter((c) => c.primary).map((c) => c.name);
    const indexes: Record<string, Index> = {};
    for (const i of config.indexes) {
      indexes[i.config.name!] = {
        columns: i.config.columns.map((c) => (is(c, SQL) ? pgDialect.sqlToQuery(c).sql : (c as { name: string }).name)),
        unique: i.config.unique,
        predicate: predicateTokens(i.config.where ? pgDialect.sqlToQuery(i.config.where).sql : null),
      };
    }
    const foreignKeys = config.foreignKeys.map((fk) => {
      const ref = fk.reference();
      return `${ref.columns.map((c) => c.name).join(',')} → ${pgTableConfig(ref.foreignTable).name}(${ref.foreignColumns.map((c) => c.name).join(',')}) on delete ${fk.onDelete ?? 'no action'}`;
    });
    out[config.name] = { columns, primaryKey: pk, indexes, foreignKeys };
  }
  return out;
}

/** What a database migrated from drizzle/ really has. */
function fromSqliteDatabase(): Schema {
  const dir = mkdtempSync(join(tmpdir(), 'rh-parity-'));
  const db = openDatabase(join(dir, 'parity.db'));
  try {
    const sqlite = db.$client;
    const names = sqlite
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name")
      .pluck()
      .all() as string[];
    const out: Schema = {};
    for (const name of names) {
      const createSql = sqlite.prepare("select sql from sqlite_master where type = 'table' and name = ?").pluck().get(name) as string;
      const info = sqlite.pragma(`table_info("${name}")`) as { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }[];
      const columns: Record<string, Column> = {};
      for (const c of info) {
        const type: Logical = c.type === 'REAL' ? 'double' : c.type === 'TEXT' ? 'text' : isEpochMs(c.name) ? 'epoch-ms' : 'integer';
        // A lone INTEGER PRIMARY KEY is NOT NULL by nature (the rowid).
        const generated = new RegExp(`[\`"]${c.name}[\`"][^,]*AUTOINCREMENT`, 'i').test(createSql);
        columns[c.name] = { type, notNull: c.notnull === 1 || (c.pk === 1 && info.filter((x) => x.pk > 0).length === 1), hasDefault: c.dflt_value !== null, generated };
      }
      const primaryKey = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
      const indexes: Record<string, Index> = {};
      for (const i of sqlite.pragma(`index_list("${name}")`) as { name: string; unique: number; origin: string; partial: number }[]) {
        if (i.origin === 'pk') continue;
        const cols = (sqlite.pragma(`index_info("${i.name}")`) as { seqno: number; name: string }[]).sort((a, b) => a.seqno - b.seqno).map((c) => c.name);
        const sql = sqlite.prepare("select sql from sqlite_master where type = 'index' and name = ?").pluck().get(i.name) as string;
        indexes[i.name] = { columns: cols, unique: i.unique === 1, predicate: i.partial ? predicateTokens(sql.replace(/^[\s\S]*?\bWHERE\b/i, '')) : [] };
      }
      const foreignKeys = (sqlite.pragma(`foreign_key_list("${name}")`) as { table: string; from: string; to: string; on_delete: string }[]).map(
        (fk) => `${fk.from} → ${fk.table}(${fk.to}) on delete ${fk.on_delete.toLowerCase()}`,
      );
      out[name] = { columns, primaryKey, indexes, foreignKeys };
    }
    return out;
  } finally {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What a PostgreSQL database migrated from drizzle-pg/ really has. */
async function fromPgDatabase(url: string): Promise<Schema & Record<string, { types: Record<string, string> }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const cols = await client.query<{ table_name: string; column_name: string; data_type: string; collation_name: string | null; is_nullable: string; column_default: string | null; is_identity: string }>(
      "select table_name, column_name, data_type, collation_name, is_nullable, column_default, is_identity from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position",
    );
    const out: Record<string, Table & { types: Record<string, string> }> = {};
    for (const c of cols.rows) {
      const t = (out[c.table_name] ??= { columns: {}, primaryKey: [], indexes: {}, foreignKeys: [], types: {} });
      const type: Logical | 'unmapped' =
        c.data_type === 'bigint'
          ? 'epoch-ms'
          : c.data_type === 'integer'
            ? 'integer'
            : c.data_type === 'boolean'
              ? 'boolean'
              : c.data_type === 'json'
                ? 'json'
                : c.data_type === 'double precision'
                  ? 'double'
                  : c.data_type === 'text' && c.collation_name === 'C'
                    ? 'text'
                    : 'unmapped';
      t.columns[c.column_name] = { type: type as Logical, notNull: c.is_nullable === 'NO', hasDefault: c.column_default !== null, generated: c.is_identity === 'YES' };
      t.types[c.column_name] = `${c.data_type}${c.collation_name ? ` collate ${c.collation_name}` : ''}${c.is_identity === 'YES' ? ' identity' : ''}`;
    }
    const idx = await client.query<{ table: string; index: string; unique: boolean; primary: boolean; columns: string[]; predicate: string | null }>(`
      select t.relname as table, i.relname as index, x.indisunique as unique, x.indisprimary as primary,
             array(select a.attname from unnest(x.indkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = t.oid and a.attnum = k.n order by k.o)::text[] as columns,
             pg_get_expr(x.indpred, x.indrelid) as predicate
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public'`);
    for (const r of idx.rows) {
      const t = out[r.table]!;
      if (r.primary) t.primaryKey = r.columns;
      else t.indexes[r.index] = { columns: r.columns, unique: r.unique, predicate: predicateTokens(r.predicate) };
    }
    const fks = await client.query<{ table: string; def: string; columns: string[]; ftable: string; fcolumns: string[]; ondelete: string }>(`
      select c.conrelid::regclass::text as table, c.confrelid::regclass::text as ftable,
             array(select attname from pg_attribute where attrelid = c.conrelid and attnum = any(c.conkey))::text[] as columns,
             array(select attname from pg_attribute where attrelid = c.confrelid and attnum = any(c.confkey))::text[] as fcolumns,
             case c.confdeltype when 'c' then 'cascade' when 'a' then 'no action' when 'r' then 'restrict' when 'n' then 'set null' when 'd' then 'set default' end as ondelete
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace where c.contype = 'f' and n.nspname = 'public'`);
    for (const f of fks.rows) out[f.table]!.foreignKeys.push(`${f.columns.join(',')} → ${f.ftable}(${f.fcolumns.join(',')}) on delete ${f.ondelete}`);
    return out;
  } finally {
    await client.end();
  }
}

const sorted = (s: Schema): Schema =>
  Object.fromEntries(
    Object.entries(s)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, t]) => [name, { columns: t.columns, primaryKey: t.primaryKey, indexes: t.indexes, foreignKeys: [...t.foreignKeys].sort() }]),
  );

describe('schema parity (SQLite ↔ PostgreSQL)', () => {
  it('defines the same tables, columns, mapped types, nullability, defaults, keys and indexes in both drizzle schemas', () => {
    const sqlite = sorted(fromSqliteDefinitions());
    expect(Object.keys(sqlite)).toEqual(['actions', 'game_tables', 'guild_settings', 'panel_tokens', 'player_totals', 'ratings', 'results', 'seasons', 'seats', 'tournament_log', 'tournaments', 'turn_notices', 'user_settings']);
    expect(sorted(fromPgDefinitions())).toEqual(sqlite);
  });

  it('has a SQLite migration for every part of the SQLite definition (drizzle/)', () => {
    const defined = fromSqliteDefinitions();
    // The migrated database cannot tell booleans and JSON from integers and text: compare storage classes.
    const storage = (s: Schema) =>
      sorted(
        Object.fromEntries(
          Object.entries(s).map(([n, t]) => [
            n,
            {
              ...t,
              columns: Object.fromEntries(
                Object.entries(t.columns).map(([c, col]) => [c, { ...col, type: col.type === 'boolean' ? 'integer' : col.type === 'json' ? 'text' : col.type }]),
              ),
            },
          ]),
        ),
      );
    expect(storage(fromSqliteDatabase())).toEqual(storage(defined));
  });

  it('maps columns by the documented rule', () => {
    expect(predicateTokens("status in ('lobby', 'active')")).toEqual(['active', 'lobby', 'status']);
    expect(predicateTokens("(status = ANY (ARRAY['lobby'::text, 'active'::text]))")).toEqual(['active', 'lobby', 'status']);
    const pgTables = fromPgDefinitions();
    expect(pgTables.game_tables!.columns.created_at!.type).toBe('epoch-ms');
    expect(pgTables.game_tables!.columns.seed!.type).toBe('epoch-ms');
    expect(pgTables.actions!.columns.at!.type).toBe('epoch-ms');
    expect(pgTables.game_tables!.columns.version!.type).toBe('integer');
    expect(pgTables.seats!.columns.away!.type).toBe('boolean');
    expect(pgTables.ratings!.columns.ordinal!.type).toBe('double');
  });
});

describePostgres('schema parity: the migrated PostgreSQL database', (server) => {
  it('has a PostgreSQL migration for every part of the definition (drizzle-pg/), with the mapped column types', async () => {
    const url = await server().createDatabase();
    await (await openPostgres(url)).close();
    const migrated = await fromPgDatabase(url);
    expect(sorted(migrated)).toEqual(sorted(fromPgDefinitions()));
    expect(migrated.game_tables!.types).toMatchObject({ id: 'integer identity', guild_id: 'text collate C', state: 'json', created_at: 'bigint', version: 'integer' });
    expect(migrated.ratings!.types).toMatchObject({ mu: 'double precision', user_id: 'text collate C' });
  });
});
