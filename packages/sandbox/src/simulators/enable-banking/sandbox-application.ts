import type { KeyObject } from 'node:crypto';

/**
 * An application the simulator accepts JWTs from: its key id, public key (or how to get it) and whitelisted redirect
 * URLs. The app that mounts the simulator registers itself (its key pair is its own, never the simulator's).
 */
export interface RegisteredApplication {
  id: string;
  publicKey: KeyObject | (() => Promise<KeyObject>);
  redirectUrls: string[];
  name?: string;
}
