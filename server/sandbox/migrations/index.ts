// Ordered list of migrations. Add new ones at the end; never edit one that has shipped.
import * as m001 from './001_init.js';

export interface Migration {
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [m001];
