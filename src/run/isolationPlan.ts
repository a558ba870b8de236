import { detectIsolation, egressTraceAvailable } from '../../harness/process/index.js';

/** How this run contains its server, and whether it can observe egress (openWorldHint). */
export interface IsolationPlan {
  readonly isolation: 'bubblewrap' | 'none';
  /** Why the server is not isolated (said on the report's first line). */
  readonly note?: string;
  /** Why egress is not observed (the openWorldHint verdicts say it); absent when it is. */
  readonly egressUnobserved?: string;
}

/**
 * Decides the isolation of a run: bubblewrap (with egress traced by strace when installed) unless the user
 * turned it off, the server runs in-process, the machine cannot, or a pg environment is used (the database is
 * not yet handed into the sandbox's network namespace).
 */
export function isolationPlan(request: {
  readonly wanted: boolean;
  readonly inProcess: boolean;
  readonly pg: boolean;
}): IsolationPlan {
  const none = (note: string): IsolationPlan => ({
    isolation: 'none',
    note,
    egressUnobserved: `egress is observed only in an isolated run, and this one was not isolated (${note})`,
  });
  if (request.inProcess) return none('the server runs in-process');
  if (!request.wanted) return none('--no-isolation');
  if (request.pg) return none('isolation does not yet cover runs with a pg environment');
  const detected = detectIsolation();
  if (detected.kind === 'none') return none(detected.reason ?? 'no isolation available');
  return egressTraceAvailable()
    ? { isolation: 'bubblewrap' }
    : {
        isolation: 'bubblewrap',
        egressUnobserved: 'egress is observed with strace, which is not installed (apt-get install strace)',
      };
}
