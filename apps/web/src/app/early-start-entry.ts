/**
 * What the build reads to write how each signed-in page starts (apps/web/early-start.mjs, built for Node after the
 * client build): the routes, the first calls of each page, and the early-start script's body with its settings.
 */
import { STORAGE_KEYS } from '@brade/contract';
import {
  EARLY_ANSWER_MAX_AGE_MS,
  EARLY_ANSWERS_GLOBAL,
  type EarlyStartConfig,
  OWNER_ID_MARKER,
  startEarlyCalls,
} from '../api/early-answers';

export { firstCallsOf, SIGNED_IN_PREFIX } from './first-calls';
export { routes } from './router';
export { OWNER_ID_MARKER, startEarlyCalls };

export const earlyStartConfig: EarlyStartConfig = {
  idKey: STORAGE_KEYS.id,
  tokenKey: STORAGE_KEYS.accessToken,
  global: EARLY_ANSWERS_GLOBAL,
  marker: OWNER_ID_MARKER,
  maxAgeMs: EARLY_ANSWER_MAX_AGE_MS,
};
