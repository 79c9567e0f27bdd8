#!/usr/bin/env node
// The operator CLI. The project runs on the Node 24 that npm installs (the `node` dependency), which runs
// TypeScript sources directly; `npx obi` puts that Node first on PATH.
import '../src/cli.ts';
