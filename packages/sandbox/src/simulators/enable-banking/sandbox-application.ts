import { generateKeyPair, type KeyObject } from 'node:crypto';
import { stableUuid } from '../common/stable-identifiers';

/**
 * The application Brade registers with the simulator in sandbox mode. Its id is the JWT `kid` (a UUID, as Enable
 * Banking's application ids are); its RSA key pair is made once per process, on first use, and never written
 * anywhere: the app and the simulators it mounts live in the same process, so both ends see the same key.
 */
export const SANDBOX_APPLICATION_ID = stableUuid('brade', 'enable-banking', 'sandbox-application');

export interface ApplicationKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

let keys: Promise<ApplicationKeys> | null = null;

/** RSA 2048 takes most of a second to generate on a busy machine: done off the event loop, once, lazily. */
export function sandboxApplicationKeys(): Promise<ApplicationKeys> {
  keys ??= new Promise((resolve, reject) => {
    generateKeyPair('rsa', { modulusLength: 2048 }, (error, publicKey, privateKey) =>
      error ? reject(error) : resolve({ publicKey, privateKey }),
    );
  });
  return keys;
}

/** An application the simulator accepts JWTs from: its key id, public key and whitelisted redirect URLs. */
export interface RegisteredApplication {
  id: string;
  publicKey: KeyObject | (() => Promise<KeyObject>);
  redirectUrls: string[];
  name?: string;
}
