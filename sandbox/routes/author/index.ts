// /manage/author/*: the author's manuscripts (两步投稿: upload → confirm), their workflow,
// files and letters, plus article likes (paperMinute). One file per part of the author's work.
import express from 'express';
import type { SandboxEnv } from '../../env.js';
import { documentRoutes } from './documents.js';
import { likeRoutes } from './likes.js';
import { overviewRoutes } from './overview.js';
import { progressRoutes } from './progress.js';
import { publishingRoutes } from './publishing.js';
import { submissionRoutes } from './submission.js';

export function authorRoutes(env: SandboxEnv) {
  return express.Router().use(submissionRoutes(env), progressRoutes(env), documentRoutes(env), publishingRoutes(env), overviewRoutes(env), likeRoutes(env));
}
