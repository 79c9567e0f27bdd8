#!/usr/bin/env node
// The operator CLI (src/cli/cli.ts): `npx obi …`. bin/entry.js says which code and which Node.
import { runEntry } from './entry.js';

await runEntry('cli/cli');
