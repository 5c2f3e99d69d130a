/** Server-rendered consent and error pages: no scripts at all, so a strict CSP holds. */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f6f7fb;margin:0;display:flex;justify-content:center}
main{background:#fff;margin:48px 16px;padding:32px;border-radius:12px;max-width:440px;box-shadow:0 2px 12px #0001}
h1{font-size:1.3rem}ul{padding-left:1.2rem}label{display:block;margin:16px 0 4px}
input[type=email],input[type=text]{width:100%;padding:8px;box-sizing:border-box}
.buttons{display:flex;gap:12px;margin-top:24px}button{padding:10px 18px;border-radius:6px;border:1px solid #888;cursor:pointer}
button[value=approve]{background:#1a1f36;color:#fff}.note{color:#555;font-size:.85rem}`;

/** Strict enough for a page with a form: no scripts, no framing. */
export const CONSENT_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export interface ConsentPageInput {
  provider: string;
  /** The requesting application's name as the provider would show it. */
  appName: string;
  permissions: string[];
  /** Relative form action, so the page works under any mount prefix. */
  action: string;
  /** Server-side id of the pending authorization request; the form carries nothing else that matters. */
  requestId: string;
  defaultLogin: string;
}

export function renderConsentPage(input: ConsentPageInput): string {
  const items = input.permissions.map((permission) => `<li>${escapeHtml(permission)}</li>`).join('');
  return page(
    `${input.provider} (sandbox): connect ${input.appName}`,
    `<h1>${escapeHtml(input.appName)} would like to connect to your ${escapeHtml(input.provider)} account</h1>
<p>It will be able to:</p><ul>${items}</ul>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="request_id" value="${escapeHtml(input.requestId)}">
<label for="login">Sandbox merchant (any e-mail: the same e-mail always gives the same salon)</label>
<input id="login" type="email" name="login" value="${escapeHtml(input.defaultLogin)}" required>
<div class="buttons"><button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button></div>
</form><p class="note">This is a local simulator of ${escapeHtml(input.provider)}. No real account is involved.</p>`,
  );
}

export function renderErrorPage(provider: string, message: string): string {
  return page(`${provider} (sandbox): error`, `<h1>Something went wrong</h1><p>${escapeHtml(message)}</p>`);
}

/** Appends query parameters to a redirect URI that may already carry some. */
export function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** Exactly one of the registered redirect URIs, as the providers require; nothing registered matches nothing. */
export function isRegisteredRedirectUri(uri: unknown, registered: readonly string[] | undefined): uri is string {
  return typeof uri === 'string' && (registered ?? []).includes(uri);
}
