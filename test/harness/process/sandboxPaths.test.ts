import { homedir } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { HostPaths } from '../../../harness/process/sandboxPaths.js';
import { sandboxView } from '../../../harness/process/sandboxPaths.js';

const SPECIALS = [
  '/etc/daemon.sock',
  '/srv/app/in.fifo',
  '/srv/app/node_modules/.cache/x.sock',
  '/tmp/tmp.x/run-1.gate/pg/.s.PGSQL.5432',
];

/**
 * A host with merged /usr, a project under /srv (a FIFO in it, a socket in its node_modules), the caller's
 * HOME, a gate with its socket, and a socket in /etc.
 */
const host: HostPaths = {
  type: (path) =>
    ['/bin', '/lib', '/sbin', '/lib64'].includes(path)
      ? 'symlink'
      : [
            '/usr',
            '/etc',
            '/srv/app',
            '/srv/app/node_modules',
            '/opt/node',
            homedir(),
            `${homedir()}/project`,
          ].includes(path) || path.startsWith('/tmp/')
        ? 'directory'
        : path === '/srv/app/server.js' || path.endsWith('/index.js')
          ? 'file'
          : SPECIALS.includes(path)
            ? 'special'
            : undefined,
  readlink: (path) => `usr${path}`,
  realpath: (path) => path,
  entries: (path) => (path === '/srv/app' ? ['server.js', 'node_modules'] : []),
  specials: (path) => SPECIALS.filter((special) => special.startsWith(`${path}/`)),
};

const describeSteps = (layout: Parameters<typeof sandboxView>[0]) =>
  sandboxView(layout, host).map((step) =>
    step.kind === 'symlink'
      ? `symlink ${step.path} → ${step.target}`
      : step.kind === 'directory'
        ? `dir ${step.path}`
        : `${step.writable ? 'bind' : 'ro-bind'} ${step.source} ${step.path}`,
  );

describe('sandboxView', () => {
  it('shows the system paths, the run directory and the server files, and nothing else of the host', () => {
    expect(
      describeSteps({
        runDirectory: '/tmp/tmp.x/run-1',
        readOnly: ['/srv/app', '/srv/app/server.js', '/usr/bin', '/opt/node', `${homedir()}/project`],
        mounts: [{ host: '/tmp/tmp.x/run-1.gate/pg', inside: '/run/postgresql', service: true }],
      }),
    ).toEqual([
      'ro-bind /usr /usr',
      'symlink /bin → usr/bin',
      'symlink /sbin → usr/sbin',
      'symlink /lib → usr/lib',
      'symlink /lib64 → usr/lib64',
      'ro-bind /etc /etc',
      'dir /tmp',
      'dir /run',
      'dir /tmp/tmp.x',
      'bind /tmp/tmp.x/run-1 /tmp/tmp.x/run-1',
      // Shortest first; already shown (inside /usr, inside /srv/app): not bound again.
      'dir /srv',
      'ro-bind /srv/app /srv/app',
      'dir /opt',
      'ro-bind /opt/node /opt/node',
      ...(homedir() === '/root' ? ['dir /root'] : ['dir /home', `dir ${homedir()}`]),
      `ro-bind ${homedir()}/project ${homedir()}/project`,
      'ro-bind /tmp/tmp.x/run-1.gate/pg /run/postgresql',
      // Every socket and FIFO of a shown host directory masked; the gate's socket is the sandbox's service.
      'ro-bind /dev/null /etc/daemon.sock',
      'ro-bind /dev/null /srv/app/in.fifo',
      'ro-bind /dev/null /srv/app/node_modules/.cache/x.sock',
    ]);
  });

  it('masks sockets and FIFOs where a directory is shown at another path, and never shows one itself', () => {
    const steps = describeSteps({
      runDirectory: '/tmp/tmp.x/run-1',
      readOnly: ['/srv/app/in.fifo', '/etc/daemon.sock'],
      mounts: [{ host: '/srv/app', inside: '/opt/mcp-server' }],
    });
    expect(steps.filter((step) => /fifo|sock/.test(step))).toEqual([
      'ro-bind /dev/null /etc/daemon.sock',
      'ro-bind /dev/null /opt/mcp-server/in.fifo',
      'ro-bind /dev/null /opt/mcp-server/node_modules/.cache/x.sock',
    ]);
  });

  it('never shows / or a directory holding HOME, another top-level directory or the run directory', () => {
    const steps = describeSteps({
      runDirectory: '/tmp/tmp.x/run-1',
      readOnly: ['/', homedir(), '/srv', '/opt', '/tmp', '/tmp/tmp.x', '/tmp/tmp.x/run-1/fs'],
    });
    const shown = steps.filter((step) => step.startsWith('ro-bind') && !step.includes('/dev/null'));
    expect(shown.map((step) => step.split(' ')[2])).toEqual(['/usr', '/etc']);
  });

  it('opens a closed project: an open directory of its own, holding each entry bound as it is', () => {
    const steps = describeSteps({
      runDirectory: '/tmp/tmp.x/run-1',
      readOnly: ['/srv/app'],
      opened: ['/srv/app'],
    });
    // Its FIFO is no entry (the host says so); the socket in its node_modules is masked.
    expect(steps.slice(-6)).toEqual([
      'dir /srv',
      'dir /srv/app',
      'ro-bind /srv/app/server.js /srv/app/server.js',
      'ro-bind /srv/app/node_modules /srv/app/node_modules',
      'ro-bind /dev/null /etc/daemon.sock',
      'ro-bind /dev/null /srv/app/node_modules/.cache/x.sock',
    ]);
  });

  it('shows a package in node_modules with the project holding it (its hoisted dependencies)', () => {
    const steps = describeSteps({
      runDirectory: '/tmp/tmp.x/run-1',
      readOnly: ['/srv/app/node_modules/@x/server/dist/index.js', `${homedir()}/node_modules/y/index.js`],
    });
    expect(steps).toContain('ro-bind /srv/app /srv/app');
    // Widened to HOME it would show HOME: the path itself then.
    expect(steps).toContain(
      `ro-bind ${homedir()}/node_modules/y/index.js ${homedir()}/node_modules/y/index.js`,
    );
  });

  it("lays a run's writable copy over a package shown read-only, after the mounts, masking nothing in it", () => {
    const steps = describeSteps({
      runDirectory: '/tmp/tmp.x/run-1',
      mounts: [{ host: '/srv/app', inside: '/opt/mcp-server' }],
      overlays: [{ host: '/tmp/tmp.x/run-1/pkg', inside: '/opt/mcp-server/node_modules/x', writable: true }],
    });
    expect(steps.slice(steps.indexOf('ro-bind /srv/app /opt/mcp-server'))).toEqual([
      'ro-bind /srv/app /opt/mcp-server',
      'bind /tmp/tmp.x/run-1/pkg /opt/mcp-server/node_modules/x',
      'ro-bind /dev/null /etc/daemon.sock',
      'ro-bind /dev/null /opt/mcp-server/in.fifo',
      'ro-bind /dev/null /opt/mcp-server/node_modules/.cache/x.sock',
    ]);
  });

  it('refuses an overlay where nothing shown holds its path, or that is no directory', () => {
    const view = (host_: string, inside: string) => () =>
      sandboxView(
        { runDirectory: '/tmp/tmp.x/run-1', overlays: [{ host: host_, inside, writable: true }] },
        host,
      );
    expect(view('/tmp/tmp.x/run-1/pkg', '/opt/elsewhere/x')).toThrow(
      /cannot lay \/tmp\/tmp.x\/run-1\/pkg over \/opt\/elsewhere\/x: nothing the sandbox shows holds that path/,
    );
    expect(view('/srv/app/server.js', '/etc/x')).toThrow(/it is not a directory/);
  });

  it('refuses a mount over something already shown', () => {
    expect(() =>
      sandboxView({ runDirectory: '/tmp/tmp.x/run-1', mounts: [{ host: '/tmp/g', inside: '/etc/x' }] }, host),
    ).toThrow(/cannot mount \/tmp\/g at \/etc\/x inside the sandbox: that path is already shown/);
  });
});
