import { generateKeyPair, type KeyObject } from 'node:crypto';

/**
 * Brade's application at its own Enable Banking simulator (sandbox mode, docs/sandbox.md): its id is the JWT `kid`,
 * and its RSA key pair is made once per process, on first use, and never written anywhere. The app hands the public
 * key to the simulator it mounts in the same process (sandbox-providers.ts), so it opens nothing else.
 */
export const SANDBOX_APPLICATION_ID = '5a1d0b8e-7c3f-4e2a-9b6d-b7ade5a4d301';

let keys: Promise<{ privateKey: KeyObject; publicKey: KeyObject }> | null = null;

/** RSA 2048 takes most of a second to generate on a busy machine: done off the event loop, once, lazily. */
export function sandboxApplicationKeys(): Promise<{ privateKey: KeyObject; publicKey: KeyObject }> {
  keys ??= new Promise((resolve, reject) => {
    generateKeyPair('rsa', { modulusLength: 2048 }, (error, publicKey, privateKey) =>
      error ? reject(error) : resolve({ publicKey, privateKey }),
    );
  });
  return keys;
}
