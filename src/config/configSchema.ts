import { settingsSchema } from './settingsInConfig.js';

/**
 * The JSON Schema every config file is validated against, so a typo is reported, not ignored: the server and
 * per-tool settings, and every setting of the table that has a config key.
 */
export const CONFIG_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    server: {
      type: 'object',
      additionalProperties: false,
      required: ['command'],
      properties: {
        command: { type: 'string', minLength: 1 },
        args: { type: 'array', items: { type: 'string' } },
        env: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
    ...settingsSchema(),
    tools: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: { runs: { type: 'integer', minimum: 1 }, args: { type: 'object' } },
      },
    },
  },
} as const;
