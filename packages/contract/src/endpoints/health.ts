import { z } from 'zod';
import { endpoints } from './endpoint.js';

const StatusSchema = z.object({ status: z.string() });

/** Liveness and readiness (DESIGN.md section 6); readiness answers 503 while the server cannot serve. */
export const HEALTH_ENDPOINTS = endpoints('health', {
  health: { method: 'GET', path: '/api/health', auth: 'none', answer: StatusSchema },
  ready: { method: 'GET', path: '/api/ready', auth: 'none', answer: StatusSchema },
});
