// `node scripts/require-env.mjs NAME…`: stops with a sentence when a variable a script needs is not set (the
// PostgreSQL API tests exist only with TEST_DATABASE_URL: vitest.config.ts).
const missing = process.argv.slice(2).filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.error(
    `Set ${missing.join(' and ')} first, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres`,
  );
  process.exit(1);
}
