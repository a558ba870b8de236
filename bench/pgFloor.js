// The bare-client floor of the pg figures: for each command, a fresh database from the template (the least
// a fair reset needs), the server spawned on it, the same calls through a plain SDK client, no snapshots.
import pg from 'pg';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

/**
 * @param {{ host: string, port: number, user: string, password: string, database: string }} admin
 * @param {string} template
 * @param {string} server
 * @param {Array<{ tool: string, args: object, twice: boolean } | null>} commands
 */
export async function runFloor(admin, template, server, commands) {
  const client = new pg.Client(admin);
  await client.connect();
  let index = 0;
  try {
    for (const command of commands) {
      const name = `hintproof_floor_${process.pid}_${index++}`;
      await client.query(`create database "${name}" template "${template}" strategy file_copy`);
      const url = `postgresql://${admin.user}@${admin.host}:${admin.port}/${name}`;
      const mcp = new Client({ name: 'floor', version: '0' }, { capabilities: {} });
      await mcp.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [server],
          env: { ...process.env, DATABASE_URL: url },
          stderr: 'ignore',
        }),
      );
      await mcp.listTools();
      if (command) {
        for (const step of command.preamble ?? []) {
          await mcp.callTool({ name: step.tool, arguments: step.args }).catch(() => {});
        }
        await mcp.callTool({ name: command.tool, arguments: command.args });
        if (command.twice) await mcp.callTool({ name: command.tool, arguments: command.args });
      }
      await mcp.close();
      await client.query(`drop database "${name}" with (force)`);
    }
  } finally {
    await client.end();
  }
}
