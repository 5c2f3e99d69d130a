import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { escapeHtml } from './escape-html.js';
import { findOutboxMail, listOutbox } from './mailer.js';
import type { MailAttachment } from './templates.js';

export const CONTENT_REMOVED_NOTE = 'The content of this e-mail was removed when its code or link expired.';

/**
 * The development mailbox: every e-mail the outbox holds. Mounted only when enabled (config.ts): a copy whose
 * code or link has expired shows a note instead of its body.
 */
export function mailboxRoutes(ctx: { database: { db: Db } }) {
  return async (app: FastifyInstance) => {
    app.get('/dev/mailbox.json', async () => {
      const mails = await listOutbox(ctx.database.db);
      return mails.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.contentRemovedAt ? CONTENT_REMOVED_NOTE : m.text,
        created_at: m.createdAt,
        status: m.status,
        // Names only: the files themselves are one link each on /dev/mailbox.
        attachments: (m.attachments ?? []).map((file) => file.filename),
      }));
    });

    app.get('/dev/mailbox', async (_req, reply) => {
      const mails = await listOutbox(ctx.database.db);
      const items = mails
        .map(
          (
            m,
          ) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()} · ${m.status}
 · <a href="/dev/mailbox/${m.id}">HTML version</a>${attachmentLinks(m.id, m.attachments)}</p><pre>${linkify(escapeHtml(m.contentRemovedAt ? CONTENT_REMOVED_NOTE : m.text))}</pre></article>`,
        )
        .join('\n');
      return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en-GB"><head><meta charset="utf-8">
<title>Brade mailbox</title><style>body{font-family:Arial,sans-serif;max-width:860px;margin:24px auto;padding:0 12px;color:#2d1b25}
article{border:1px solid #f0c6d9;border-radius:8px;padding:12px 16px;margin:12px 0}h2{font-size:18px;margin:0 0 4px}
.meta{color:#6b5560;font-size:13px}pre{white-space:pre-wrap;font-size:14px}</style></head>
<body><h1>Brade mailbox</h1><p>E-mails stored by the outbox (newest first). SMTP is not configured.</p>
${items || '<p>No e-mail yet.</p>'}</body></html>`);
    });

    app.get('/dev/mailbox/:id', { schema: { params: z.object({ id: z.uuid() }) } }, async (req, reply) => {
      const mail = await findOutboxMail(ctx.database.db, (req.params as { id: string }).id);
      if (!mail) return reply.status(404).type('text/plain; charset=utf-8').send('No such e-mail.');
      return reply
        .type('text/html; charset=utf-8')
        .send(mail.contentRemovedAt ? `<p>${CONTENT_REMOVED_NOTE}</p>` : mail.html);
    });

    app.get(
      '/dev/mailbox/:id/attachments/:index',
      { schema: { params: z.object({ id: z.uuid(), index: z.coerce.number().int().min(0) }) } },
      async (req, reply) => {
        const { id, index } = req.params as { id: string; index: number };
        const file = (await findOutboxMail(ctx.database.db, id))?.attachments?.[index];
        if (!file) return reply.status(404).type('text/plain; charset=utf-8').send('No such attachment.');
        return reply
          .type(file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`)
          .send(Buffer.from(file.base64, 'base64'));
      },
    );
  };
}

function attachmentLinks(id: string, files: MailAttachment[] | null): string {
  return (files ?? [])
    .map((file, i) => ` · <a href="/dev/mailbox/${id}/attachments/${i}">${escapeHtml(file.filename)}</a>`)
    .join('');
}

function linkify(text: string): string {
  return text.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}
