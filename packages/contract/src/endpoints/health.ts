import { z } from 'zod';
import { lazy } from '../lazy.js';
import { endpoints } from './endpoint.js';

const StatusSchema = lazy(() => z.object({ status: z.string() }));

/** Liveness and readiness (docs/architecture.md, "The API's conventions"); readiness answers 503 while the server cannot serve. */
export const HEALTH_ENDPOINTS = endpoints('health', {
  health: {
    summary: 'Answers while the process lives',
    method: 'GET',
    path: '/api/health',
    auth: 'none',
    answer: StatusSchema,
  },
  ready: {
    summary: 'Answers once the database answers and is migrated; 503 while starting or shutting down',
    errors: [503],
    method: 'GET',
    path: '/api/ready',
    auth: 'none',
    answer: StatusSchema,
  },
});
