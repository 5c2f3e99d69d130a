/**
 * Where an expired session goes. Its own module, without the client: the app's entry hands over its router here,
 * and so stays free of the contract's schemas, which only the calls need (docs/architecture.md; /login loads
 * them when the owner starts to sign in).
 */
let onSessionExpired: () => void = () => window.location.assign('/login');

/** The app hands over its router so an expired session becomes a client-side navigation to /login. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

export function sessionExpired(): void {
  onSessionExpired();
}
