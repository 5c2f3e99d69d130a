/**
 * Test and fixture-recording support: opens a provider's consent page and presses one of its buttons the way a
 * browser submits a form (GET the page, POST its fields plus the button's name=value to the form's action), then
 * returns where the provider redirects, without following it. Works on any script-free consent form.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    const known = ENTITIES[name.toLowerCase()];
    if (known) return known;
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return whole;
  });
}

function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-zA-Z_:-]+)\s*=\s*"([^"]*)"/g))
    found[match[1]!.toLowerCase()] = decode(match[2]!);
  return found;
}

export interface ConsentForm {
  action: URL;
  fields: Record<string, string>;
  /** name=value of each submit button, e.g. {approve: ['decision', 'approve']}. */
  buttons: Record<string, [string, string]>;
}

export function readConsentForm(html: string, pageUrl: string): ConsentForm {
  const form = /<form\b[^>]*>/i.exec(html)?.[0];
  if (!form) throw new Error('The consent page has no form');
  const action = new URL(attributes(form).action ?? pageUrl, pageUrl);
  const fields: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<input\b[^>]*>/gi)) {
    const input = attributes(tag);
    if (input.name && input.type !== 'submit') fields[input.name] = input.value ?? '';
  }
  const buttons: Record<string, [string, string]> = {};
  for (const [, open, label] of html.matchAll(/(<button\b[^>]*>)([\s\S]*?)<\/button>/gi)) {
    const button = attributes(open!);
    if (button.name) buttons[decode(label!.trim()).toLowerCase()] = [button.name, button.value ?? ''];
  }
  return { action, fields, buttons };
}

/**
 * Opens `authorizeUrl` and presses the button labelled `button` (e.g. 'approve', 'deny'), with `overrides`
 * typed into the form's fields. Returns the redirect target. A redirect straight from the authorize URL (an
 * invalid request sent back to the app) is returned as it is.
 */
export async function pressConsentButton(
  authorizeUrl: string,
  button: string,
  overrides: Record<string, string> = {},
): Promise<URL> {
  const page = await fetch(authorizeUrl, { redirect: 'manual' });
  const early = page.headers.get('location');
  if (early) return new URL(early, authorizeUrl);
  if (page.status !== 200) throw new Error(`The consent page answered ${page.status}: ${await page.text()}`);
  const form = readConsentForm(await page.text(), authorizeUrl);
  const pressed = form.buttons[button.toLowerCase()];
  if (!pressed) throw new Error(`The consent page has no ${button} button`);
  const response = await fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.fields, ...overrides, [pressed[0]]: pressed[1] }).toString(),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (!location) throw new Error(`The consent form answered ${response.status} without a redirect`);
  return new URL(location, form.action);
}
