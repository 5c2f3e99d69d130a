import type { FastifyReply } from 'fastify';

export interface ConsentPage {
  /** Browser tab title. */
  title: string;
  /** Provider name shown at the top, e.g. "SumUp" or the bank's name. */
  brand: string;
  heading: string;
  /** Plain-text paragraphs (escaped). */
  paragraphs: string[];
  /** Where the form posts (absolute or relative URL). */
  action: string;
  /** Hidden fields carried to the decision handler. */
  hidden: Record<string, string>;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);
}

/**
 * A server-rendered consent form with Approve and Deny buttons (name="decision"). No scripts at all, so it works
 * under a strict CSP and in end-to-end tests that submit the form with a plain HTTP POST.
 */
export function consentPageHtml(page: ConsentPage): string {
  const hidden = Object.entries(page.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n      ');
  const paragraphs = page.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n    ');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(page.title)}</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a; }
    .brand { font-weight: 700; letter-spacing: .02em; color: #555; }
    .sandbox { background: #fff4d6; border: 1px solid #e6c25c; padding: .5rem .75rem; border-radius: 6px; font-size: .9rem; }
    form { display: flex; gap: .75rem; margin-top: 1.5rem; }
    button { flex: 1; padding: .75rem; font-size: 1rem; border-radius: 6px; border: 1px solid #888; cursor: pointer; }
    button[value=approve] { background: #1a5fd0; color: #fff; border-color: #1a5fd0; }
  </style>
</head>
<body>
  <p class="brand">${escapeHtml(page.brand)}</p>
  <h1>${escapeHtml(page.heading)}</h1>
  <p class="sandbox">Sandbox simulator: no real account is involved.</p>
    ${paragraphs}
  <form method="post" action="${escapeHtml(page.action)}">
      ${hidden}
    <button type="submit" name="decision" value="deny">Deny</button>
    <button type="submit" name="decision" value="approve">Approve</button>
  </form>
</body>
</html>
`;
}

/** Sends a consent page with headers that forbid scripts and framing. */
export function sendConsentPage(reply: FastifyReply, page: ConsentPage): FastifyReply {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'",
    )
    .header('x-frame-options', 'DENY')
    .header('cache-control', 'no-store')
    .send(consentPageHtml(page));
}

/** A bank consent link that cannot be answered (unknown, or already used): a plain page, no scripts, no framing. */
export function sendConsentErrorPage(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'")
    .send(
      `<!doctype html><html lang="en"><title>Bank connection</title><h1>Bank connection</h1><p>${escapeHtml(message)}</p></html>`,
    );
}
