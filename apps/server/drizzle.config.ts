import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // A domain's tables.ts, and those of its parts (hmrc/vat/tables.ts).
  schema: ['./src/*/tables.ts', './src/*/*/tables.ts'],
  out: './drizzle',
});
