import { config } from 'zod';

// zod would probe for eval (new Function) on its first parse, which the CSP refuses and
// reports as a violation: the schemas of the forms parse without it. Imported by every
// module of app/schemas, so it runs before any of their schemas parse.
config({ jitless: true });
