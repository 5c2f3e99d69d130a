import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { DEV_NOW, DEV_TODAY, seedDevSalon } from '../test/bradebot/demo-books.js';
import { startTestServer } from '../test/test-server.js';
import { answerQuestion } from './analyst.js';

const QS = process.env.PROBE!.split('\n').filter(Boolean);
it('probes', async () => {
  const server = await startTestServer({ clock: () => DEV_NOW });
  const salon = await seedDevSalon(server);
  const out: string[] = [];
  for (const q of QS) {
    const a = await answerQuestion({ db: server.ctx.database.db, userId: salon.id, today: DEV_TODAY, now: DEV_NOW }, q);
    out.push(`${q}\n  => ${a.declined ? '[declined] ' : ''}${a.text}`);
  }
  writeFileSync('/tmp/i27-probe.txt', out.join('\n'));
  await server.close();
}, 600_000);
