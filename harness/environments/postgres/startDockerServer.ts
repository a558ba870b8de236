import type { PgServer } from './pgServer.js';

/** The image the docker provider starts. */
const DOCKER_IMAGE = 'postgres:17-alpine';

interface StartedContainer {
  getHost(): string;
  getPort(): number;
  getUsername(): string;
  getPassword(): string;
  getDatabase(): string;
  stop(): Promise<unknown>;
}
interface ContainerModule {
  PostgreSqlContainer: new (image: string) => { start(): Promise<StartedContainer> };
}

/** What testcontainers tries, in its order, for the message when none answers. */
function runtimesTried(env: Readonly<Record<string, string | undefined>>): string {
  const tried = [
    env.DOCKER_HOST === undefined ? 'DOCKER_HOST (not set)' : `DOCKER_HOST=${env.DOCKER_HOST}`,
    '~/.testcontainers.properties',
    '/var/run/docker.sock',
    'the rootless socket ($XDG_RUNTIME_DIR/docker.sock, ~/.docker/run/docker.sock)',
  ];
  return tried.join(', ');
}

/**
 * A throwaway server in a container through `@testcontainers/postgresql` (11.x), loaded only here. When the
 * package is missing or no container runtime answers, one error says what was tried and what to do instead.
 */
export async function startDockerServer(
  load: () => Promise<unknown> = () => import('@testcontainers/postgresql'),
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<PgServer> {
  let module: ContainerModule;
  try {
    module = (await load()) as ContainerModule;
  } catch (error) {
    throw new Error(
      `pg: --pg-provider docker needs the package @testcontainers/postgresql (11.x), which could not be loaded: ` +
        `${error instanceof Error ? error.message : String(error)}. Install it (npm install ` +
        '@testcontainers/postgresql@11), or use --pg-provider embedded.',
      { cause: error },
    );
  }
  let container: StartedContainer;
  try {
    container = await new module.PostgreSqlContainer(DOCKER_IMAGE).start();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/container runtime/i.test(message)) {
      throw new Error(
        `pg: no container runtime answered (tried ${runtimesTried(env)}; testcontainers said: ${message}). ` +
          'Start Docker (or point DOCKER_HOST at a running engine), or use --pg-provider embedded.',
        { cause: error },
      );
    }
    throw new Error(
      `pg: the ${DOCKER_IMAGE} container did not start: ${message}. Use --pg-provider embedded instead.`,
      { cause: error },
    );
  }
  return {
    provider: 'docker',
    owned: true,
    admin: {
      host: container.getHost(),
      port: container.getPort(),
      user: container.getUsername(),
      password: container.getPassword(),
      database: container.getDatabase(),
    },
    async [Symbol.asyncDispose]() {
      await container.stop();
    },
  };
}
