// /manage/*: the authenticated area (token required; mounted behind requireAuthMiddleware).
// One router per API group (docs/product.md#backend-calls).
import express from 'express';
import type { SandboxEnv } from '../env.js';
import { employeeRoutes } from './employee/index.js';
import { fundRoutes } from './fund.js';
import { journalManageRoutes } from './journalManage.js';
import { authorRoutes } from './author/index.js';
import { processRoutes, terraceRoutes } from './personal.js';
import { platformRoutes } from './platform.js';
import { preferentialRoutes } from './preferential.js';

export function manageRoutes(env: SandboxEnv) {
  const router = express.Router();
  router.use('/employee', employeeRoutes(env));
  router.use('/author', authorRoutes(env));
  router.use('/journal', journalManageRoutes(env));
  router.use('/fund', fundRoutes(env));
  router.use('/platform', platformRoutes(env));
  router.use('/process', processRoutes(env));
  router.use('/terrace', terraceRoutes(env));
  router.use('/preferential', preferentialRoutes(env));
  return router;
}
