/** The JSON Schema every config file is validated against, so a typo is reported, not ignored. */
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
    environments: {
      type: 'object',
      additionalProperties: false,
      properties: {
        fs: { type: 'string' },
        sqlite: { type: 'string' },
        home: { type: 'string' },
        pg: {
          oneOf: [
            { type: 'string' },
            {
              type: 'object',
              additionalProperties: false,
              properties: {
                seed: { type: 'string' },
                provider: { enum: ['embedded', 'url', 'docker'] },
                url: { type: 'string' },
                superuser: { type: 'boolean' },
              },
            },
          ],
        },
      },
    },
    runs: { type: 'integer', minimum: 1 },
    seed: { type: 'integer' },
    timeout: { type: 'number', exclusiveMinimum: 0 },
    startupTimeout: { type: 'number', exclusiveMinimum: 0 },
    client: {
      type: 'object',
      additionalProperties: false,
      properties: { name: { type: 'string' }, version: { type: 'string' } },
    },
    ignore: { type: 'array', items: { type: 'string' } },
    tools: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: { runs: { type: 'integer', minimum: 1 }, args: { type: 'object' } },
      },
    },
    reporter: { type: 'array', items: { enum: ['text', 'json', 'junit', 'sarif', 'markdown'] } },
    outputDir: { type: 'string' },
    baseline: { type: 'string' },
  },
} as const;
