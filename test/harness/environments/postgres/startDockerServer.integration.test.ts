import { describe, expect, it } from 'vitest';
import { startDockerServer } from '../../../../harness/environments/postgres/index.js';

// There is no container engine on this machine: these tests run the real @testcontainers/postgresql against
// a DOCKER_HOST that points nowhere, so the failure path is real. Only a Docker engine is missing.
describe('the docker provider without a container runtime', () => {
  it('fails with one error naming what was tried and suggesting --pg-provider embedded', async () => {
    const saved = {
      DOCKER_HOST: process.env.DOCKER_HOST,
      TESTCONTAINERS_RYUK_DISABLED: process.env.TESTCONTAINERS_RYUK_DISABLED,
    };
    process.env.DOCKER_HOST = 'unix:///tmp/hintproof-no-docker-here.sock';
    try {
      const error = await startDockerServer().then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(Error);
      const message = (error as Error).message;
      expect(message).toMatch(
        /^pg: no container runtime answered \(tried DOCKER_HOST=unix:\/\/\/tmp\/hintproof-no-docker-here\.sock, /,
      );
      expect(message).toMatch(/\/var\/run\/docker\.sock/);
      expect(message).toMatch(/use --pg-provider embedded\.$/);
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });

  it('says how to install @testcontainers/postgresql when it cannot be loaded', async () => {
    const error = await startDockerServer(() =>
      Promise.reject(new Error("Cannot find package '@testcontainers/postgresql'")),
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect((error as Error).message).toMatch(
      /needs the package @testcontainers\/postgresql \(11\.x\).*npm install @testcontainers\/postgresql@11\), or use --pg-provider embedded\./,
    );
  });
});
