import pino, { type DestinationStream, type Logger } from 'pino';
import { serialiseError, serialiseRequest } from './log-serializers.js';

/** The server's one logger: secrets redacted by field name, errors and request lines by the serialisers. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      '*.password',
      '*.access_token',
      '*.refresh_token',
      '*.token',
    ],
    serializers: { err: serialiseError, req: serialiseRequest },
  };
  return destination ? pino(options, destination) : pino(options);
}
