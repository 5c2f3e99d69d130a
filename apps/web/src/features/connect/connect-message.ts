import {
  CONNECT_CHANNEL,
  CONNECT_FAILURES,
  CONNECTABLE_PROCESSORS,
  type ConnectableProcessor,
  type ConnectFailure,
  type ConnectMessage,
  type ConnectMessageType,
} from '@brade/contract';

export type ConnectOutcome = 'SUCCESS' | 'ERROR';

export function connectMessage(
  processor: ConnectableProcessor,
  outcome: ConnectOutcome,
  reason?: ConnectFailure,
): ConnectMessage {
  const type = `${processor.toUpperCase() as Uppercase<ConnectableProcessor>}_CONNECT_${outcome}` as const;
  return outcome === 'ERROR' && reason ? { type, processor, reason } : { type, processor };
}

const isFailure = (value: unknown): value is ConnectFailure =>
  typeof value === 'string' && (CONNECT_FAILURES as readonly string[]).includes(value);

export const isSuccess = (message: ConnectMessage): boolean => message.type.includes('_CONNECT_SUCCESS');

const isProcessor = (value: unknown): value is ConnectableProcessor =>
  typeof value === 'string' && (CONNECTABLE_PROCESSORS as readonly string[]).includes(value);

/**
 * A message is data from another window: only the exact shape {type, processor}, with a type that names the same
 * processor, and on an error a `reason` among the fixed words, is accepted (docs/security-decisions.md, "Connecting
 * providers (OAuth and the pop-up)"). Anything else, including extra fields, is null.
 */
export function parseConnectMessage(data: unknown): ConnectMessage | null {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  const { type, processor, reason, ...rest } = data as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || !isProcessor(processor) || typeof type !== 'string') return null;
  const error = connectMessage(processor, 'ERROR').type;
  if (reason !== undefined && (type !== error || !isFailure(reason))) return null;
  const expected: string[] = [connectMessage(processor, 'SUCCESS').type, error];
  if (!expected.includes(type)) return null;
  return isFailure(reason)
    ? { type: type as ConnectMessageType, processor, reason }
    : { type: type as ConnectMessageType, processor };
}

/**
 * Tells the window that opened the pop-up how the connection went: postMessage to this exact origin (never '*')
 * and the same-origin BroadcastChannel, which still arrives when a provider page cut the opener link.
 * Only a done/failed signal travels; the opener re-reads the connection from the API.
 */
export function notifyOpener(message: ConnectMessage): void {
  try {
    window.opener?.postMessage(message, window.location.origin);
  } catch (error) {
    console.error('Could not tell the opening window', error);
  }
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(CONNECT_CHANNEL);
    channel.postMessage(message);
    channel.close();
  }
}
