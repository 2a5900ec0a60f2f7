import type { ChildProcess } from 'node:child_process';

export function freePorts(count: number): Promise<number[]>;
export function waitUntilUp(url: string, options?: { child?: ChildProcess; output?: () => string; timeoutMs?: number; intervalMs?: number }): Promise<void>;
export const PORTAL_NODE_OPTIONS: string[];
