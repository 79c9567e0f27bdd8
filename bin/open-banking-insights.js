#!/usr/bin/env node
// The service (src/main.ts), as `npm start` runs it: `npx open-banking-insights [--role=api|worker|all]`.
// bin/entry.js says which code and which Node.
import { runEntry } from './entry.js';

await runEntry('main');
