// Ordered list of migrations. Add new ones at the end; never edit one that has shipped.
import * as m001 from './001_init.js';
import * as m002 from './002_manuscripts.js';
import * as m003 from './003_article_scaling.js';
import * as m004 from './004_online_first.js';
import * as m005 from './005_author_name_en.js';
import * as m006 from './006_article_usage.js';

export interface Migration {
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [m001, m002, m003, m004, m005, m006];
