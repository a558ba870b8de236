#!/usr/bin/env node
import { startCli } from '../dist/src/cli/entry.js';

await startCli();
