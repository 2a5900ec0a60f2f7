// /manage/employee/*: the personal centre. One file per part of it.
import express from 'express';
import type { SandboxEnv } from '../../env.js';
import { identityRoutes } from './identity.js';
import { invoicingRoutes } from './invoicing.js';
import { messageRoutes } from './messages.js';
import { profileRoutes } from './profile.js';
import { recordingRoutes } from './recording.js';

export function employeeRoutes(env: SandboxEnv) {
  return express.Router().use(profileRoutes(env), identityRoutes(env), invoicingRoutes(env), recordingRoutes(env), messageRoutes(env));
}
