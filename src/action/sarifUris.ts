import { isAbsolute, relative, resolve, sep } from 'node:path';

interface SarifLike {
  runs?: Array<{
    results?: Array<{
      locations?: Array<{ physicalLocation?: { artifactLocation?: { uri?: string } } }>;
    }>;
  }>;
}

/**
 * Makes the SARIF log's file locations relative to the repository root (`root`, `$GITHUB_WORKSPACE`), as code
 * scanning reads them: hintproof writes them relative to the directory it ran in (`cwd`, the action's
 * `working-directory`). A location outside the repository loses its file and keeps its tool's name.
 */
export function sarifRelativeTo(log: SarifLike, cwd: string, root: string): SarifLike {
  for (const run of log.runs ?? []) {
    for (const result of run.results ?? []) {
      for (const location of result.locations ?? []) {
        const artifact = location.physicalLocation?.artifactLocation;
        if (artifact?.uri === undefined || /^[a-z][a-z0-9+.-]*:/i.test(artifact.uri)) continue;
        const path = relative(root, resolve(cwd, artifact.uri));
        if (path === '' || path.startsWith('..') || isAbsolute(path)) delete location.physicalLocation;
        else artifact.uri = path.split(sep).join('/');
      }
    }
  }
  return log;
}
