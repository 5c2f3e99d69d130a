import {
  CONNECT_CHANNEL,
  CONNECTABLE_PROCESSORS,
  type ConnectableProcessor,
  type ConnectMessage,
  type ConnectMessageType,
} from '@brade/contract';

export type ConnectOutcome = 'SUCCESS' | 'ERROR';

export function connectMessage(processor: ConnectableProcessor, outcome: ConnectOutcome): ConnectMessage {
  return { type: `${processor.toUpperCase() as Uppercase<ConnectableProcessor>}_CONNECT_${outcome}`, processor };
}

export const isSuccess = (message: ConnectMessage): boolean => message.type.includes('_CONNECT_SUCCESS');

const isProcessor = (value: unknown): value is ConnectableProcessor =>
  typeof value === 'string' && (CONNECTABLE_PROCESSORS as readonly string[]).includes(value);

/**
 * A message is data from another window: only the exact shape {type, processor}, with a type that names the same
 * processor, is accepted (docs/security-decisions.md, "Connecting providers (OAuth and the pop-up)"). Anything else,
 * including extra fields, is null.
 */
export function parseConnectMessage(data: unknown): ConnectMessage | null {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  const { type, processor, ...rest } = data as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || !isProcessor(processor) || typeof type !== 'string') return null;
  const expected: string[] = [connectMessage(processor, 'SUCCESS').type, connectMessage(processor, 'ERROR').type];
  return expected.includes(type) ? { type: type as ConnectMessageType, processor } : null;
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
