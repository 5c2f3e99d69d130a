import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE, unsupportedNode } from './check-node.mjs';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('a supported Node (README, "A supported Node")', () => {
  it('stops Node 20 and 22.11 with one sentence naming both versions and the way out', () => {
    for (const version of ['20.19.0', '22.11.0', '18.20.4']) {
      const sentence = unsupportedNode(version);
      expect(sentence).toContain('Brade needs Node.js 22.12 or newer');
      expect(sentence).toContain(`this is Node ${version}`);
      expect(sentence).toContain('scripts/use-node.sh');
      expect(sentence!.split('\n')).toHaveLength(1);
    }
  });

  it('lets 22.12 and every later version through', () => {
    for (const version of ['22.12.0', '22.20.1', '23.0.0', '24.21.0', '26.1.0'])
      expect(unsupportedNode(version)).toBeNull();
  });

  it('agrees with engines in package.json and with the Node scripts/use-node.sh fetches', () => {
    const engines = JSON.parse(read('package.json')).engines.node;
    expect(engines).toBe(`>=${MINIMUM_NODE.major}.${MINIMUM_NODE.minor}`);
    const useNode = read('scripts/use-node.sh');
    const pinned = /BRADE_NODE_VERSION:-(\d+\.\d+\.\d+)/.exec(useNode)?.[1];
    expect(pinned).toMatch(/^24\./);
    expect(unsupportedNode(pinned!)).toBeNull();
    expect(useNode).toContain(`BRADE_NODE_MINIMUM=${MINIMUM_NODE.major}.${MINIMUM_NODE.minor}`);
  });

  it('runs as the first step of start, serve and dev, and passes on the Node running the tests', () => {
    const scripts = JSON.parse(read('package.json')).scripts;
    for (const name of ['start', 'serve', 'dev']) expect(scripts[name]).toMatch(/^node scripts\/check-node\.mjs && /);
    expect(() => execFileSync(process.execPath, [path.join(root, 'scripts/check-node.mjs')])).not.toThrow();
  });
});
