import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { routeStartPages } from './route-starts.js';

const PAGE = '<!doctype html><head><script type="module" src="/assets/main-menu-start-a1.js"></script></head>';

function dist(starts: unknown, files: Record<string, string> = { 'main-menu.html': PAGE }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'brade-starts-'));
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  if (starts !== undefined) writeFileSync(path.join(dir, 'route-starts.json'), JSON.stringify(starts));
  return dir;
}
const same = (html: string) => html;

describe('the signed-in pages the build wrote', () => {
  it('are none without route-starts.json (a build before them)', () => {
    expect(routeStartPages(dist(undefined), same).size).toBe(0);
  });

  it("are the build's page for each listed address, with what the server adds, compressed once", () => {
    const pages = routeStartPages(
      dist({ page: 'main-menu.html', addresses: ['/main-menu/dashboard', '/main-menu/reports/vat-return'] }),
      (html) => `${html}<!-- added -->`,
    );
    expect([...pages.keys()]).toEqual(['/main-menu/dashboard', '/main-menu/reports/vat-return']);
    const page = pages.get('/main-menu/dashboard')!;
    expect(page.html).toBe(`${PAGE}<!-- added -->`);
    expect(brotliDecompressSync(page.br).toString()).toBe(page.html);
    expect(gunzipSync(page.gzip).toString()).toBe(page.html);
  });

  it('stop the server when the list names anything but a page of the build or a signed-in address', () => {
    const starts = (page: string, addresses = ['/main-menu/dashboard']) => ({ page, addresses });
    for (const page of ['missing.html', '../index.html', '/etc/passwd', 'assets/x.js', 'route-starts.json']) {
      expect(() => routeStartPages(dist(starts(page)), same), page).toThrow(/not a page of the build/);
    }
    for (const address of ['/login', '/', '//evil.example/main-menu/x', '/main-menu/../login', '/main-menu/a?b']) {
      expect(() => routeStartPages(dist(starts('main-menu.html', [address])), same), address).toThrow(
        /not a signed-in address/,
      );
    }
  });
});
