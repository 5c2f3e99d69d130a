import {
  CONNECT_MESSAGES,
  type ConnectableProcessor,
  type ConnectFailure,
  sourceName,
  sourceOf,
} from '@brade/contract';

const nameOf = (processor: ConnectableProcessor) => sourceName(sourceOf(processor));

/**
 * A failed connection in Settings, in words on its card (beyond the spec, where it is only logged). Without a
 * reason (an older pop-up) it is the spec's pop-up error.
 */
export function connectFailureText(processor: ConnectableProcessor, reason: ConnectFailure | undefined): string {
  const name = nameOf(processor);
  switch (reason) {
    case 'denied':
      return `Nothing was connected: access was not allowed at ${name}. Connect again and allow access to link it.`;
    case 'expired':
      return 'This connection was started too long ago or in another browser. Connect again from here.';
    case 'refused':
      return `${name[0]!.toUpperCase()}${name.slice(1)} did not accept the connection. Connect again to start afresh.`;
    case 'unreachable':
      return `Brade could not reach ${name}. Please try again in a few minutes.`;
    default:
      return CONNECT_MESSAGES.popupError;
  }
}
