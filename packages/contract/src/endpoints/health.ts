import { z } from 'zod';
import { endpoints } from './endpoint.js';

const StatusSchema = z.object({ status: z.string() });

/** Liveness and readiness (docs/architecture.md, "The API's conventions"); readiness answers 503 while the server cannot serve. */
export const HEALTH_ENDPOINTS = endpoints('health', {
  health: { method: 'GET', path: '/api/health', auth: 'none', answer: StatusSchema },
  ready: { method: 'GET', path: '/api/ready', auth: 'none', answer: StatusSchema },
});
