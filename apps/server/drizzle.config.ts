import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/accounts/tables.ts', './src/auth/tables.ts', './src/mail/tables.ts'],
  out: './drizzle',
});
