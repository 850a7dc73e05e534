import { defineConfig } from 'drizzle-kit';

/** PostgreSQL migrations (`npm run db:generate:pg`); the SQLite ones use drizzle.config.ts. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/persistence/pg/schema.ts',
  out: './drizzle-pg',
});
